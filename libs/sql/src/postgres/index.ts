export { PgPoolClient } from './pg-pool.client';
