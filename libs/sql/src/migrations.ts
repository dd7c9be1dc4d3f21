import { SqlClient } from './sql-client.port';

export interface Migration {
  /** Globally unique and ordered within its owner, e.g. `event-store/001-events`. */
  readonly id: string;
  readonly sql: string;
}

// Any 64-bit constant works; it only has to be the same for every process sharing the database.
const MIGRATION_LOCK_KEY = 4_711_202_611;

/** Applies, in order, the migrations not yet recorded; safe when several processes start at once. */
export async function migrate(client: SqlClient, migrations: readonly Migration[]): Promise<string[]> {
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const applied = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    );
    const pending = migrations.filter((migration) => !applied.has(migration.id));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    }
    return pending.map((migration) => migration.id);
  });
}
