import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { ALERTS_TOPIC, PAYMENT_DECISIONS_TOPIC, WEBHOOK_REDELIVERIES_TOPIC } from '@pvs/contracts/messages';
import { AppendSignal, EventDataRewrite, EventStore } from '@pvs/event-store';
import { KurrentDbEventStore } from '@pvs/event-store/kurrentdb';
import { AppendNotifications, PostgresEventStore } from '@pvs/event-store/postgres';
import { connectKafkaTransport } from '@pvs/messaging/kafka';
import { PgPoolClient } from '@pvs/sql/postgres';
import { RedisFailedAttempts, RedisSyncedThrottlerStorage } from '@pvs/runtime/adapters';
import { assembleInfrastructure } from './assemble-infrastructure';
import { DistributedServices, Infrastructure } from '@pvs/runtime';

/** Partitions of the notifier's topics (decisions, alerts, redeliveries): the most notifier instances that can share the work. */
export const PAYMENT_DECISIONS_PARTITIONS = 6;

/**
 * The distributed infrastructure: PostgreSQL for the event store and the read model, Kafka for the
 * bus, Redis for rate-limit counters shared by every gateway process.
 */
export async function openDistributedInfrastructure(services: DistributedServices): Promise<Infrastructure> {
  const sql = new PgPoolClient({ connectionString: services.databaseUrl, max: 20 });
  let store: EventStore;
  let dataRewrite: EventDataRewrite | null = null;
  // KurrentDB signals no appends to other processes: its readers poll.
  let appendSignals = new AppendSignal(false);
  let appendNotifications: AppendNotifications | null = null;
  if (services.kurrentDbUrl) {
    store = KurrentDbEventStore.connect(services.kurrentDbUrl);
  } else {
    const postgresEvents = new PostgresEventStore(sql, { appenders: 'processes-that-notify', commitsInFlight: 4 });
    appendSignals = postgresEvents.signals;
    await postgresEvents.migrate();
    // Readers in this process wake when another process appends, not at their next poll.
    appendNotifications = await AppendNotifications.listen(services.databaseUrl, () => postgresEvents.signals.notify());
    store = postgresEvents;
    dataRewrite = postgresEvents;
  }
  const bus = await connectKafkaTransport({
    brokers: services.kafkaBrokers,
    clientId: services.clientId,
    namespace: services.kafkaNamespace,
    topics: [
      { name: PAYMENT_DECISIONS_TOPIC, partitions: PAYMENT_DECISIONS_PARTITIONS },
      { name: ALERTS_TOPIC, partitions: PAYMENT_DECISIONS_PARTITIONS },
      { name: WEBHOOK_REDELIVERIES_TOPIC, partitions: PAYMENT_DECISIONS_PARTITIONS },
    ],
  });
  // Fail fast while Redis is down instead of queueing commands: health says so at once. The failed
  // authentications' checks of one turn of the event loop go to Redis in one write (auto-pipelining).
  const redis = new Redis(services.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, enableAutoPipelining: true });
  redis.on('error', () => undefined);
  const failedAttempts = await RedisFailedAttempts.open(redis);
  const rateLimits = new RedisSyncedThrottlerStorage(redis, (error) =>
    new Logger('RateLimits').warn(`Rate limits counted by each process alone until Redis is back: ${error instanceof Error ? error.message : String(error)}`),
  );
  return assembleInfrastructure({
    store,
    dataRewrite,
    appendSignals,
    sql,
    bus,
    throttlerStorage: rateLimits,
    failedAttempts,
    cacheProbe: async () => {
      await redis.ping();
    },
    closeOwn: async () => {
      await rateLimits.close();
      await failedAttempts.close();
      redis.disconnect();
      await appendNotifications?.close();
    },
  });
}
