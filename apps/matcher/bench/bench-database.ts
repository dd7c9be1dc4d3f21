import { PostgresEventStore } from '@pvs/event-store/postgres';
import { payerDataMigrations } from '@pvs/payer-data';
import { readModelMigrations } from '@pvs/read-model';
import { SqlClient, migrate } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { PgPoolClient } from '@pvs/sql/postgres';

/**
 * A database for a matcher bench, the log, the read model and the payer data keys migrated: PGlite (the embedded
 * mode) or PostgreSQL at `databaseUrl`. Closed when `use` is done.
 */
export async function withBenchDatabase<T>(databaseUrl: string | undefined, use: (sql: SqlClient, events: PostgresEventStore) => Promise<T>): Promise<T> {
  const sql: SqlClient = databaseUrl ? new PgPoolClient({ connectionString: databaseUrl, max: 4 }) : await PgliteClient.open();
  try {
    const events = new PostgresEventStore(sql);
    await events.migrate();
    await migrate(sql, readModelMigrations);
    await migrate(sql, payerDataMigrations);
    return await use(sql, events);
  } finally {
    await sql.close();
  }
}
