import { ThrottlerStorageService } from '@nestjs/throttler';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { inProcessTransport } from '@pvs/messaging';
import { SqlClient } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { PgPoolClient } from '@pvs/sql/postgres';
import { assembleInfrastructure } from './assemble-infrastructure';
import { lockDataDir } from './data-dir-lock';
import { EmbeddedLock } from './embedded-lock';
import { lockPostgresDatabase } from './postgres-database-lock';
import { Infrastructure, MemoryFailedAttempts } from '@pvs/runtime';

/** Where the one-process service keeps its data: a PGlite folder, memory, or a PostgreSQL server. */
export type EmbeddedDatabase = { readonly pgliteDir: string | null } | { readonly postgresUrl: string };

/**
 * The embedded infrastructure: event store and read model in one PostgreSQL database
 * (PGlite unless a server URL is given), an in-process bus and in-memory rate limits.
 * It assumes it is the only process on its database (its appends are signalled in-process only), so it first
 * takes the database's lock, which it releases once closed; another process holding it is a DatabaseInUseError.
 */
/**
 * Each leader (every projection, the matcher's expiry and watches) holds a pooled connection for its session lock, and
 * a rebuild another: pg's default of 10 left none for requests once there were eight projections.
 */
const EMBEDDED_POOL_SIZE = 20;

export async function openEmbeddedInfrastructure(database: EmbeddedDatabase): Promise<Infrastructure> {
  const lock = await lockDatabase(database);
  try {
    const sql: SqlClient =
      'postgresUrl' in database
        ? new PgPoolClient({ connectionString: database.postgresUrl, max: EMBEDDED_POOL_SIZE })
        : await PgliteClient.open(database.pgliteDir ?? undefined);
    const store = new PostgresEventStore(sql, { appenders: 'this-process' });
    await store.migrate();
    const throttlerStorage = new ThrottlerStorageService();
    const infrastructure = await assembleInfrastructure({
      store,
      dataRewrite: store,
      appendSignals: store.signals,
      sql,
      bus: inProcessTransport(),
      throttlerStorage,
      failedAttempts: new MemoryFailedAttempts(),
      // The rate-limit counters live in this process's memory.
      cacheProbe: async () => undefined,
      closeOwn: async () => throttlerStorage.onApplicationShutdown(),
    });
    return {
      ...infrastructure,
      async close() {
        try {
          await infrastructure.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** PostgreSQL: an advisory lock; PGlite on disk: a lock file beside its folder; PGlite in memory is this process's alone. */
function lockDatabase(database: EmbeddedDatabase): Promise<EmbeddedLock> | EmbeddedLock {
  if ('postgresUrl' in database) return lockPostgresDatabase(database.postgresUrl);
  return database.pgliteDir === null ? { release: async () => undefined } : lockDataDir(database.pgliteDir);
}
