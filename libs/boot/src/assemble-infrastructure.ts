import { ThrottlerStorage } from '@nestjs/throttler';
import { AppendSignals, EventDataRewrite, EventStore, UpcastingEventStore } from '@pvs/event-store';
import { BusTransport } from '@pvs/messaging';
import { InstrumentedEventStore, Metrics } from '@pvs/observability';
import { readModelMigrations } from '@pvs/read-model';
import { SqlClient, migrate } from '@pvs/sql';
import { webhookDeliveryMigrations } from '@pvs/webhook-deliveries';
import { FailedAttempts, Infrastructure, systemClock } from '@pvs/runtime';

/** What a mode opened: the adapters that differ between modes. */
export interface OpenedAdapters {
  /** The event store adapter, as opened (versions and timing are added here). */
  readonly store: EventStore;
  /** The same store's rewrite of stored data, where it has one. */
  readonly dataRewrite: EventDataRewrite | null;
  readonly appendSignals: AppendSignals;
  /** The database of the read model, the matcher's state and the notifier's outbox. */
  readonly sql: SqlClient;
  readonly bus: BusTransport;
  readonly throttlerStorage: ThrottlerStorage;
  readonly failedAttempts: FailedAttempts;
  /** Throws while the store of the rate-limit counters is down. */
  readonly cacheProbe: () => Promise<void>;
  /** Closes what only this mode opened; runs after the bus closed, before the event store and the database. */
  readonly closeOwn: () => Promise<void>;
}

/**
 * The same in every mode: the event store every app sees (upcasting, timed); the read model and the outbox migrated,
 * so their readers never meet a missing table (the matcher migrates its own state, which nobody else reads); health; closing.
 */
export async function assembleInfrastructure(opened: OpenedAdapters): Promise<Infrastructure> {
  const { sql, bus } = opened;
  const metrics = new Metrics();
  const eventStore = new InstrumentedEventStore(new UpcastingEventStore(opened.store), metrics);
  await migrate(sql, readModelMigrations);
  await migrate(sql, webhookDeliveryMigrations);
  return {
    eventStore,
    eventDataRewrite: opened.dataRewrite,
    appendSignals: opened.appendSignals,
    readModel: sql,
    matcherDatabase: sql,
    gatewayDatabase: sql,
    notifierDatabase: sql,
    bus,
    throttlerStorage: opened.throttlerStorage,
    failedAttempts: opened.failedAttempts,
    clock: systemClock,
    health: { database: () => eventStore.ping(), cache: opened.cacheProbe, queue: () => bus.ping() },
    metrics,
    async close() {
      await bus.close();
      await opened.closeOwn();
      await eventStore.close();
      await sql.close();
    },
  };
}
