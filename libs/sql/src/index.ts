export * from './sql-client.port';
export * from './migrations';
export * from './batched-writes';
