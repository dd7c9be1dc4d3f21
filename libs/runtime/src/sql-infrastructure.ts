import { ThrottlerStorageService } from '@nestjs/throttler';
import { PostgresEventStore, UpcastingEventStore } from '@pvs/event-store';
import { inProcessTransport } from '@pvs/messaging';
import { InstrumentedEventStore, Metrics } from '@pvs/observability';
import { readModelMigrations } from '@pvs/read-model';
import { PgliteClient, PgPoolClient, SqlClient, migrate } from '@pvs/sql';
import { webhookDeliveryMigrations } from '@pvs/webhook-deliveries';
import { systemClock } from './clock';
import { MemoryFailedAttempts } from './failed-attempts/memory-failed-attempts';
import { Infrastructure } from './infrastructure';

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
  const postgresEvents = new PostgresEventStore(sql, { appenders: 'this-process' });
  await postgresEvents.migrate();
  const metrics = new Metrics();
  const eventStore = new InstrumentedEventStore(new UpcastingEventStore(postgresEvents), metrics);
  await migrate(sql, [...readModelMigrations, ...webhookDeliveryMigrations]);
  const bus = inProcessTransport();
  const throttlerStorage = new ThrottlerStorageService();
  return {
    eventStore,
    readModel: sql,
    bus,
    throttlerStorage,
    failedAttempts: new MemoryFailedAttempts(),
    clock: systemClock,
    health: {
      database: () => eventStore.ping(),
      cache: async () => undefined, // rate-limit counters live in this process's memory
      queue: () => bus.ping(),
    },
    metrics,
    async close() {
      throttlerStorage.onApplicationShutdown();
      await bus.close();
      await eventStore.close();
      await sql.close();
    },
  };
}
