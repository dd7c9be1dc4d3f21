import { SqlClient } from '../sql-client.port';
import { PgliteClient } from '../pglite/pglite.client';
import { PgPoolClient } from '../postgres/pg-pool.client';
import { createTestDatabase, describeWithPostgres } from './postgres-test-database';

/** A database a suite opened for itself, and how to close it (and drop it, on PostgreSQL). */
export interface OpenedDatabase {
  readonly sql: SqlClient;
  close(): Promise<void>;
}

/**
 * The same suite on both databases the service runs on: PGlite (embedded) and, where the test server is, a fresh
 * PostgreSQL database of its own (distributed). `suite` opens its database with the function it is given.
 */
export function describeOnEachDatabase(name: string, suite: (open: () => Promise<OpenedDatabase>) => void): void {
  describe(`${name} on PGlite`, () =>
    suite(async () => {
      const sql = await PgliteClient.open();
      return { sql, close: () => sql.close() };
    }),
  );
  describeWithPostgres(`${name} on PostgreSQL`, () =>
    suite(async () => {
      const database = await createTestDatabase();
      const sql = new PgPoolClient({ connectionString: database.url });
      return {
        sql,
        async close() {
          await sql.close();
          await database.drop();
        },
      };
    }),
  );
}
