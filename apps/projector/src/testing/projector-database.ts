import { PostgresEventStore } from '@pvs/event-store/postgres';
import { readModelMigrations } from '@pvs/read-model';
import { SqlClient, migrate } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { PgPoolClient } from '@pvs/sql/postgres';
import { createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';

export interface ProjectorDatabase {
  readonly sql: SqlClient;
  readonly events: PostgresEventStore;
  dispose(): Promise<void>;
}

async function migrated(sql: SqlClient, dispose: () => Promise<void>): Promise<ProjectorDatabase> {
  const events = new PostgresEventStore(sql);
  await events.migrate();
  await migrate(sql, readModelMigrations);
  return { sql, events, dispose };
}

/** Defines `suite` twice: on PGlite, and on the PostgreSQL server (skipped when it is not up); `open` gives a fresh database. */
export function onPgliteAndPostgres(suite: (backend: string, open: () => Promise<ProjectorDatabase>) => void): void {
  suite('PGlite', async () => {
    const sql = await PgliteClient.open();
    return migrated(sql, () => sql.close());
  });
  describeWithPostgres('on the PostgreSQL server', () => {
    suite('PostgreSQL', async () => {
      const database = await createTestDatabase();
      const sql = new PgPoolClient({ connectionString: database.url });
      return migrated(sql, async () => {
        await sql.close();
        await database.drop();
      });
    });
  });
}
