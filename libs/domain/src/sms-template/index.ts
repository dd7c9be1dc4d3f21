export * from './evolve';
export * from './decide';
export * from './template-set';
