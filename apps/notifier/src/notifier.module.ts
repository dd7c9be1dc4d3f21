import { DynamicModule, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, Provider } from '@nestjs/common';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventStore } from '@pvs/event-store';
import { METRICS, Metrics } from '@pvs/observability';
import { CLOCK, Clock, NOTIFIER_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { SecretBox, TenantDirectory } from '@pvs/tenants';
import { NodeHttpWebhookSender } from './delivery-http/node-http-webhook-sender';
import { AttemptReport } from './delivery/attempt-report';
import { DeliveryWorker } from './delivery/delivery-worker';
import { NotifierLifecycle } from './notifier-lifecycle';
import { NotifierSettings } from './notifier-settings';
import { DeliveryOutbox } from './outbox/delivery-outbox';
import { AlertsController } from './webhooks/alerts.controller';
import { EnqueueAlertDeliveries } from './webhooks/enqueue-alert-deliveries';
import { EnqueueDeliveries } from './webhooks/enqueue-deliveries';
import { PaymentDecisionsController } from './webhooks/payment-decisions.controller';
import { RedeliverWebhooks } from './webhooks/redeliver-webhooks';
import { RedeliveriesController } from './webhooks/redeliveries.controller';

export interface NotifierConfig extends NotifierSettings {
  readonly secretBox: SecretBox;
}

/** The notifier's own tenant directory: what it needs of tenants (URL, secret, opt-ins), followed from their streams. */
const NOTIFIER_TENANTS = Symbol('NOTIFIER_TENANTS');

/**
 * Delivers signed webhooks for payment decisions and the alerts merchants opted into, from its durable outbox, and
 * sends them again when an operator asks. Needs InfrastructureModule, and the process's bus transport connected as a
 * Nest microservice (its controllers consume the decisions, the alerts and the redelivery requests).
 */
@Module({})
export class NotifierModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(NotifierLifecycle) private readonly lifecycle: NotifierLifecycle) {}

  static register(config: NotifierConfig): DynamicModule {
    // Every handler that adds due work wakes the worker.
    const handler = <T>(provide: new (tenants: TenantDirectory, outbox: DeliveryOutbox, clock: Clock, wake: () => void) => T): Provider => ({
      provide,
      inject: [NOTIFIER_TENANTS, DeliveryOutbox, CLOCK, DeliveryWorker],
      useFactory: (tenants: TenantDirectory, outbox: DeliveryOutbox, clock: Clock, worker: DeliveryWorker) => new provide(tenants, outbox, clock, () => worker.wake()),
    });
    return {
      module: NotifierModule,
      controllers: [PaymentDecisionsController, AlertsController, RedeliveriesController],
      providers: [
        { provide: NOTIFIER_TENANTS, inject: [EVENT_STORE, APPEND_SIGNALS], useFactory: (events: EventStore, signals: AppendSignals) => new TenantDirectory(events, signals) },
        { provide: DeliveryOutbox, inject: [NOTIFIER_DATABASE], useFactory: (database: SqlClient) => new DeliveryOutbox(database) },
        {
          provide: DeliveryWorker,
          inject: [DeliveryOutbox, NOTIFIER_TENANTS, CLOCK, METRICS],
          useFactory: (outbox: DeliveryOutbox, tenants: TenantDirectory, clock: Clock, metrics: Metrics) => {
            const logger = new Logger('Notifier');
            const onError = (error: unknown) => logger.error(error instanceof Error ? error.stack : String(error));
            const sender = new NodeHttpWebhookSender({ allowPrivateNetworks: config.allowPrivateNetworks });
            return new DeliveryWorker(outbox, sender, tenants, config.secretBox, clock, config, new AttemptReport(metrics, logger), onError);
          },
        },
        handler(EnqueueDeliveries),
        handler(EnqueueAlertDeliveries),
        handler(RedeliverWebhooks),
        {
          provide: NotifierLifecycle,
          inject: [NOTIFIER_TENANTS, DeliveryWorker],
          useFactory: (tenants: TenantDirectory, worker: DeliveryWorker) => new NotifierLifecycle(tenants, worker, config.secretBox),
        },
      ],
    };
  }

  onApplicationBootstrap(): Promise<void> {
    return this.lifecycle.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.lifecycle.stop();
  }
}
