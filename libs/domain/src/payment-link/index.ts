export * from './evolve';
export * from './availability';
export * from './decide';
