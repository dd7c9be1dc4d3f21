import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { PAYMENT_DECISIONS_TOPIC } from '@pvs/contracts/messages';
import { AppendNotifications, EventStore, KurrentDbEventStore, PostgresEventStore, UpcastingEventStore } from '@pvs/event-store';
import { connectKafkaTransport } from '@pvs/messaging';
import { InstrumentedEventStore, Metrics } from '@pvs/observability';
import { readModelMigrations } from '@pvs/read-model';
import { PgPoolClient, migrate } from '@pvs/sql';
import { webhookDeliveryMigrations } from '@pvs/webhook-deliveries';
import { systemClock } from './clock';
import { RedisFailedAttempts } from './failed-attempts/redis-failed-attempts';
import { Infrastructure } from './infrastructure';

export interface DistributedServices {
  readonly databaseUrl: string;
  readonly kafkaBrokers: readonly string[];
  readonly redisUrl: string;
  /** Names this process to Kafka (e.g. `api-gateway`). */
  readonly clientId: string;
  /** Prefix of every Kafka topic and consumer group. */
  readonly kafkaNamespace: string;
  /** Set when the event store is KurrentDB (EVENT_STORE=kurrentdb) rather than PostgreSQL. */
  readonly kurrentDbUrl?: string;
}

/** Partitions of the decisions topic: the most notifier instances that can share the work. */
export const PAYMENT_DECISIONS_PARTITIONS = 6;

/**
 * The distributed infrastructure: PostgreSQL for the event store and the read model, Kafka for the
 * bus, Redis for rate-limit counters shared by every gateway process.
 */
export async function openDistributedInfrastructure(services: DistributedServices): Promise<Infrastructure> {
  const sql = new PgPoolClient({ connectionString: services.databaseUrl, max: 20 });
  let store: EventStore;
  let appendNotifications: AppendNotifications | null = null;
  if (services.kurrentDbUrl) {
    store = KurrentDbEventStore.connect(services.kurrentDbUrl);
  } else {
    const postgresEvents = new PostgresEventStore(sql, { appenders: 'processes-that-notify', commitsInFlight: 4 });
    await postgresEvents.migrate();
    // Readers in this process wake when another process appends, not at their next poll.
    appendNotifications = await AppendNotifications.listen(services.databaseUrl, () => postgresEvents.wakeReaders());
    store = postgresEvents;
  }
  const metrics = new Metrics();
  const eventStore = new InstrumentedEventStore(new UpcastingEventStore(store), metrics);
  await migrate(sql, [...readModelMigrations, ...webhookDeliveryMigrations]);
  const bus = await connectKafkaTransport({
    brokers: services.kafkaBrokers,
    clientId: services.clientId,
    namespace: services.kafkaNamespace,
    topics: [{ name: PAYMENT_DECISIONS_TOPIC, partitions: PAYMENT_DECISIONS_PARTITIONS }],
  });
  // Fail fast while Redis is down instead of queueing commands: health says so at once. The rate-limit
  // counts of one turn of the event loop go to Redis in one write (auto-pipelining).
  const redis = new Redis(services.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, enableAutoPipelining: true });
  redis.on('error', () => undefined);
  const throttlerStorage = new ThrottlerStorageRedisService(redis);
  return {
    eventStore,
    readModel: sql,
    bus,
    throttlerStorage,
    failedAttempts: new RedisFailedAttempts(redis),
    clock: systemClock,
    health: {
      database: () => eventStore.ping(),
      cache: async () => {
        await redis.ping();
      },
      queue: () => bus.ping(),
    },
    metrics,
    async close() {
      await bus.close();
      redis.disconnect();
      await appendNotifications?.close();
      await eventStore.close();
      await sql.close();
    },
  };
}
