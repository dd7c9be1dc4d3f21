export * from './postgres-test-database';
export * from './each-database';
