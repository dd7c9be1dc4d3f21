import { DynamicModule, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PAYMENT_CATEGORY, PAYMENT_INTENT_REGISTERED, SMS_CATEGORY, SMS_PARSED } from '@pvs/contracts';
import { APPEND_SIGNALS, AppendSignals, CatchUpSubscription, EVENT_STORE, EventFilter, EventStore } from '@pvs/event-store';
import { BUS_TRANSPORT, BusTransport } from '@pvs/messaging';
import { METRICS, Metrics } from '@pvs/observability';
import { PendingPayments, checkpointLag } from '@pvs/read-model';
import { CLOCK, Clock, LeaderRole, Leadership, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { ExpirySweeper } from './expiry/expiry-sweeper';
import { MatcherConfig } from './matcher-settings';
import { MatchOutcomes } from './matching/match-outcomes';
import { PaymentMatcher } from './matching/payment-matcher';
import { checkpointedProcessor } from './processing/checkpointed-processor';
import { DECISION_PUBLISHER, decisionPublisher } from './publishing/decision-publisher';

export const MATCHER = Symbol('MATCHER');

const MATCHING = {
  name: 'matcher',
  filter: { categories: [SMS_CATEGORY, PAYMENT_CATEGORY], types: [SMS_PARSED, PAYMENT_INTENT_REGISTERED] },
} as const satisfies { name: string; filter: EventFilter };

/** What only the leading matcher process runs: matching, publishing decisions, expiring intents. */
class MatcherRole implements LeaderRole {
  constructor(
    private readonly matching: CatchUpSubscription,
    private readonly publishing: CatchUpSubscription,
    private readonly expiry: ExpirySweeper,
  ) {}

  async start(): Promise<void> {
    await this.matching.start();
    await this.publishing.start();
    this.expiry.start();
  }

  async stop(): Promise<void> {
    await this.expiry.stop();
    await this.matching.stop();
    await this.publishing.stop();
  }
}

/**
 * The matcher's moving parts. Several matcher processes may run for availability; one leads
 * (an advisory lock) and the others take over when it goes, so no two decide at once.
 */
export class Matcher {
  constructor(readonly leadership: Leadership) {}

  start(): Promise<void> {
    return this.leadership.start();
  }

  stop(): Promise<void> {
    return this.leadership.stop();
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
          inject: [EVENT_STORE, APPEND_SIGNALS, READ_MODEL_DATABASE, BUS_TRANSPORT, CLOCK, METRICS],
          useFactory: (events: EventStore, signals: AppendSignals, readModel: SqlClient, bus: BusTransport, clock: Clock, metrics: Metrics) => {
            const logger = new Logger('Matcher');
            const onError = (error: unknown) => logger.error(error instanceof Error ? error.stack : String(error));
            const pending = new PendingPayments(readModel);
            const outcomes = new MatchOutcomes(metrics, logger);
            const matcher = new PaymentMatcher(events, pending, clock, outcomes);
            const matching = checkpointedProcessor(events, signals, readModel, { ...MATCHING, handle: (batch) => matcher.handleBatch(batch), onError });
            const expiry = new ExpirySweeper(events, pending, clock, config.expirySweepIntervalMs, outcomes, onError);
            metrics.subscriptionLag.track(() =>
              Promise.all(
                [MATCHING, DECISION_PUBLISHER].map(async ({ name, filter }) => ({ name, ...(await checkpointLag(events, readModel, name, filter, clock.now())) })),
              ),
            );
            const role = new MatcherRole(matching, decisionPublisher(events, signals, readModel, bus.client, onError), expiry);
            return new Matcher(new Leadership(readModel, 'matcher', role, 2_000, onError));
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
