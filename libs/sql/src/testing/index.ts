export * from './postgres-test-database';
