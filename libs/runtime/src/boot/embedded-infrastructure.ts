import { ThrottlerStorageService } from '@nestjs/throttler';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { inProcessTransport } from '@pvs/messaging';
import { SqlClient } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { PgPoolClient } from '@pvs/sql/postgres';
import { MemoryFailedAttempts } from '../failed-attempts/memory-failed-attempts';
import { Infrastructure } from '../infrastructure';
import { assembleInfrastructure } from './assemble-infrastructure';

/** Where the one-process service keeps its data: a PGlite folder, memory, or a PostgreSQL server. */
export type EmbeddedDatabase = { readonly pgliteDir: string | null } | { readonly postgresUrl: string };

/**
 * The embedded infrastructure: event store and read model in one PostgreSQL database
 * (PGlite unless a server URL is given), an in-process bus and in-memory rate limits.
 */
export async function openEmbeddedInfrastructure(database: EmbeddedDatabase): Promise<Infrastructure> {
  const sql: SqlClient =
    'postgresUrl' in database
      ? new PgPoolClient({ connectionString: database.postgresUrl })
      : await PgliteClient.open(database.pgliteDir ?? undefined);
  const store = new PostgresEventStore(sql, { appenders: 'this-process' });
  await store.migrate();
  const throttlerStorage = new ThrottlerStorageService();
  return assembleInfrastructure({
    store,
    appendSignals: store.signals,
    sql,
    bus: inProcessTransport(),
    throttlerStorage,
    failedAttempts: new MemoryFailedAttempts(),
    // The rate-limit counters live in this process's memory.
    cacheProbe: async () => undefined,
    closeOwn: async () => throttlerStorage.onApplicationShutdown(),
  });
}
