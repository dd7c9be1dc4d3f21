export * from './sql-client.port';
export * from './migrations';
