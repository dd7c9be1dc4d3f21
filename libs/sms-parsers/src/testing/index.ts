export { GATHERED, SEALED, GatheredCase, judge } from './corpus/gathered-corpus';
export { verifiesUnder } from './corpus/evaluation';
