export * from './sql-client.port';
export * from './migrations';
export { PgPoolClient } from './postgres/pg-pool.client';
export { PgliteClient } from './pglite/pglite.client';
