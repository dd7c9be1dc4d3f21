export { GATHERED, SEALED, judge } from './corpus/gathered-corpus';
export type { GatheredCase } from './corpus/gathered-corpus';
export { verifiesUnder } from './corpus/evaluation';
