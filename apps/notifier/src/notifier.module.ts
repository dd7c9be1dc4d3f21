import { DynamicModule, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PAYMENT_DECISIONS_TOPIC } from '@pvs/contracts';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { MESSAGE_BUS, MessageBus } from '@pvs/messaging';
import { METRICS, Metrics } from '@pvs/observability';
import { CLOCK, Clock, ConfigError, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { SecretBox, TenantDirectory, secretsKeyMismatch } from '@pvs/tenants';
import { DeliveryOutbox } from '@pvs/webhook-deliveries';
import { NodeHttpWebhookSender } from './delivery-http/node-http-webhook-sender';
import { AttemptReport } from './delivery/attempt-report';
import { DeliveryWorker } from './delivery/delivery-worker';
import { NotifierSettings } from './notifier-settings';
import { EnqueueDeliveries } from './webhooks/enqueue-deliveries';

const CONSUMER_GROUP = 'notifier';

export interface NotifierConfig extends NotifierSettings {
  readonly secretBox: SecretBox;
}

export const NOTIFIER = Symbol('NOTIFIER');

/** The notifier's moving parts, started and stopped together. */
export class Notifier {
  constructor(
    readonly tenants: TenantDirectory,
    readonly worker: DeliveryWorker,
    private readonly secretBox: SecretBox,
    private readonly subscribe: () => Promise<void>,
  ) {}

  async start(): Promise<void> {
    await this.tenants.start();
    const mismatch = secretsKeyMismatch(this.tenants.all(), this.secretBox);
    if (mismatch) {
      await this.tenants.stop();
      throw new ConfigError('SECRETS_KEY', mismatch);
    }
    await this.subscribe();
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.tenants.stop();
  }
}

/** Delivers signed webhooks for payment decisions, from a durable outbox. Needs InfrastructureModule. */
@Module({})
export class NotifierModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  static register(config: NotifierConfig): DynamicModule {
    return {
      module: NotifierModule,
      providers: [
        {
          provide: NOTIFIER,
          inject: [EVENT_STORE, READ_MODEL_DATABASE, MESSAGE_BUS, CLOCK, METRICS],
          useFactory: (events: EventStore, database: SqlClient, bus: MessageBus, clock: Clock, metrics: Metrics) => {
            const logger = new Logger('Notifier');
            const onError = (error: unknown) => logger.error(error instanceof Error ? error.stack : String(error));
            const tenants = new TenantDirectory(events);
            const outbox = new DeliveryOutbox(database);
            const sender = new NodeHttpWebhookSender({ allowPrivateNetworks: config.allowPrivateNetworks });
            const report = new AttemptReport(metrics, logger);
            const worker = new DeliveryWorker(outbox, sender, tenants, config.secretBox, clock, config, report, onError);
            const enqueue = new EnqueueDeliveries(events, tenants, outbox, clock, () => worker.wake());
            return new Notifier(tenants, worker, config.secretBox, () => bus.subscribe(PAYMENT_DECISIONS_TOPIC, CONSUMER_GROUP, (message) => enqueue.handle(message)));
          },
        },
      ],
      exports: [NOTIFIER],
    };
  }

  onApplicationBootstrap(): Promise<void> {
    return this.notifier.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.notifier.stop();
  }
}
