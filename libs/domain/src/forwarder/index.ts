export * from './evolve';
export * from './decide';
