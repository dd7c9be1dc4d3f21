import { DynamicModule, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PAYMENT_CATEGORY, PAYMENT_INTENT_REGISTERED, SMS_CATEGORY, SMS_PARSED } from '@pvs/contracts';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventFilter, EventStore } from '@pvs/event-store';
import { BUS_TRANSPORT, BusTransport } from '@pvs/messaging';
import { METRICS, Metrics } from '@pvs/observability';
import { SqlPayerDataVault, payerDataMigrations } from '@pvs/payer-data';
import { QuietForwarders, ReadModelPosition, StallCandidates, SubjectPayments, UnsettledLedgers, checkpointLag } from '@pvs/read-model';
import { CLOCK, Clock, LeaderRole, Leadership, MATCHER_DATABASE, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient, migrate } from '@pvs/sql';
import { TenantDirectory } from '@pvs/tenants';
import { ExpirySweeper } from './expiry/expiry-sweeper';
import { ForwarderWatch } from './forwarders/forwarder-watch';
import { GapWatch } from './ledgers/gap-watch';
import { LEDGER_KEEPER, LedgerKeeper } from './ledgers/ledger-keeper';
import { PayerDataRetention } from './retention/payer-data-retention';
import { StallWatch } from './stalls/stall-watch';
import { WatchSchedule } from './watching/watch-schedule';
import { matcherMigrations } from './matcher-schema';
import { MatcherConfig } from './matcher-settings';
import { MatchOutcomes } from './matching/match-outcomes';
import { OpenPayments } from './matching/open-payments';
import { PaymentMatcher } from './matching/payment-matcher';
import { PARTITION_COUNT, PartitionLeases } from './partitions/partition-leases';
import { leastPartitionCheckpoint } from './processing/partition-checkpoints';
import { PartitionedProcessor } from './processing/partitioned-processor';
import { ALERT_PUBLISHER, alertPublisher } from './publishing/alert-publisher';
import { DECISION_PUBLISHER, decisionPublisher } from './publishing/decision-publisher';

export const MATCHER = Symbol('MATCHER');

const MATCHING = {
  name: 'matcher',
  filter: { categories: [SMS_CATEGORY, PAYMENT_CATEGORY], types: [SMS_PARSED, PAYMENT_INTENT_REGISTERED] },
} as const satisfies { name: string; filter: EventFilter };

/** What only the leading matcher process runs: expiring intents, watching the phones and the ledgers, retention. */
class LeaderOnly implements LeaderRole {
  constructor(private readonly parts: readonly { start(): void; stop(): Promise<void> }[]) {}

  start(): Promise<void> {
    for (const part of this.parts) part.start();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    for (const part of this.parts) await part.stop();
  }
}

/**
 * The matcher's moving parts. Matching and publishing decisions are partitioned by tenant: every matcher
 * process holds its share of the partitions (leases) and handles their events, so N processes share the
 * work and the others take over a process's partitions when it goes. Expiring intents and watching the forwarding
 * phones are one process's job (an advisory lock): expiry is driven by the matcher's open payments, the watches by
 * the read model, not by the partitions' events. The matcher's tables are its own, migrated before it starts.
 */
export class Matcher {
  constructor(
    private readonly database: SqlClient,
    private readonly processors: readonly PartitionedProcessor[],
    private readonly tenants: TenantDirectory,
    readonly partitions: PartitionLeases,
    readonly leadership: Leadership,
    readonly retention: PayerDataRetention,
  ) {}

  async start(): Promise<void> {
    await migrate(this.database, matcherMigrations);
    // The payer data keys the stall watch opens rejected SMS with; migrated by whichever process starts first.
    await migrate(this.database, payerDataMigrations);
    await this.tenants.start();
    await Promise.all(this.processors.map((processor) => processor.start()));
    await this.partitions.start();
    await this.leadership.start();
  }

  async stop(): Promise<void> {
    await this.leadership.stop();
    await this.partitions.stop();
    await Promise.all(this.processors.map((processor) => processor.stop()));
    await this.tenants.stop();
  }
}

/** Correlates intents and SMS and records decisions. Needs InfrastructureModule. */
@Module({})
export class MatcherModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(MATCHER) private readonly matcher: Matcher) {}

  static register(config: MatcherConfig): DynamicModule {
    return {
      module: MatcherModule,
      providers: [
        {
          provide: MATCHER,
          inject: [EVENT_STORE, APPEND_SIGNALS, MATCHER_DATABASE, READ_MODEL_DATABASE, BUS_TRANSPORT, CLOCK, METRICS],
          useFactory: (events: EventStore, signals: AppendSignals, own: SqlClient, readModel: SqlClient, bus: BusTransport, clock: Clock, metrics: Metrics) => {
            const logger = new Logger('Matcher');
            const onError = (error: unknown) => logger.error(error instanceof Error ? error.stack : String(error));
            const open = new OpenPayments(own);
            const outcomes = new MatchOutcomes(metrics, logger);
            const matcher = new PaymentMatcher(events, open, clock, outcomes);
            const matching = new PartitionedProcessor(events, signals, own, { ...MATCHING, handle: (batch) => matcher.handleBatch(batch), onError });
            const publishing = decisionPublisher(events, signals, own, bus.client, onError);
            const alerting = alertPublisher(events, signals, own, bus.client, onError);
            const expiry = new ExpirySweeper(events, open, clock, config.expirySweepIntervalMs, outcomes, onError);
            const ledgers = new LedgerKeeper(events, clock);
            const keeping = new PartitionedProcessor(events, signals, own, { ...LEDGER_KEEPER, handle: (batch) => ledgers.handleBatch(batch), onError });
            const vault = new SqlPayerDataVault(own, config.secretBox, () => clock.now().getTime());
            // Each tenant's retention setting, kept current from the tenant streams.
            const tenants = new TenantDirectory(events, signals);
            const position = new ReadModelPosition(events, readModel, () => clock.now());
            const retention = new PayerDataRetention(events, vault, { payments: new SubjectPayments(readModel), position }, () => tenants.all(), clock, config.retentionIntervalMs, onError);
            const watches = new WatchSchedule(
              [
                new ForwarderWatch(events, new QuietForwarders(readModel), config.silence),
                new GapWatch(events, new UnsettledLedgers(readModel), config.gapSettleMs),
                new StallWatch(events, new StallCandidates(readModel), vault, config.stall),
              ],
              config.watchIntervalMs,
              position,
              clock,
              onError,
            );
            metrics.subscriptionLag.track(() =>
              Promise.all(
                [MATCHING, DECISION_PUBLISHER, LEDGER_KEEPER, ALERT_PUBLISHER].map(async ({ name, filter }) => ({
                  name,
                  ...(await checkpointLag(events, await leastPartitionCheckpoint(own, name, PARTITION_COUNT), filter, clock.now())),
                })),
              ),
            );
            const partitions = new PartitionLeases(own, 'matcher', {
              onChange: async (held) => {
                logger.log(`member ${partitions.member} holds ${held.size} of ${PARTITION_COUNT} partitions`);
                await Promise.all([matching.hold(held), publishing.hold(held), keeping.hold(held), alerting.hold(held)]);
              },
              onError,
            });
            const leadership = new Leadership(own, 'matcher-expiry', new LeaderOnly([expiry, watches, retention]), 2_000, onError);
            return new Matcher(own, [matching, publishing, keeping, alerting], tenants, partitions, leadership, retention);
          },
        },
      ],
      exports: [MATCHER],
    };
  }

  onApplicationBootstrap(): Promise<void> {
    return this.matcher.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.matcher.stop();
  }
}
