import { DynamicModule, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventStore } from '@pvs/event-store';
import { METRICS, Metrics } from '@pvs/observability';
import { CLOCK, Clock, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { SecretBox, TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '@pvs/webhook-deliveries';
import { NodeHttpWebhookSender } from './delivery-http/node-http-webhook-sender';
import { AttemptReport } from './delivery/attempt-report';
import { DeliveryWorker } from './delivery/delivery-worker';
import { NOTIFIER, Notifier } from './notifier';
import { NotifierSettings } from './notifier-settings';
import { AlertsController } from './webhooks/alerts.controller';
import { EnqueueAlertDeliveries } from './webhooks/enqueue-alert-deliveries';
import { EnqueueDeliveries } from './webhooks/enqueue-deliveries';
import { PaymentDecisionsController } from './webhooks/payment-decisions.controller';

export interface NotifierConfig extends NotifierSettings {
  readonly secretBox: SecretBox;
}

/**
 * Delivers signed webhooks for payment decisions and the alerts merchants opted into, from a durable outbox. Needs InfrastructureModule, and the
 * process's bus transport connected as a Nest microservice (its controller consumes the decisions).
 */
@Module({})
export class NotifierModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  static register(config: NotifierConfig): DynamicModule {
    return {
      module: NotifierModule,
      controllers: [PaymentDecisionsController, AlertsController],
      providers: [
        {
          provide: NOTIFIER,
          inject: [EVENT_STORE, APPEND_SIGNALS, READ_MODEL_DATABASE, CLOCK, METRICS],
          useFactory: (events: EventStore, signals: AppendSignals, database: SqlClient, clock: Clock, metrics: Metrics) => {
            const logger = new Logger('Notifier');
            const onError = (error: unknown) => logger.error(error instanceof Error ? error.stack : String(error));
            const tenants = new TenantDirectory(events, signals);
            const outbox = new DeliveryOutbox(database);
            const sender = new NodeHttpWebhookSender({ allowPrivateNetworks: config.allowPrivateNetworks });
            const report = new AttemptReport(metrics, logger);
            const worker = new DeliveryWorker(outbox, sender, tenants, config.secretBox, clock, config, report, onError);
            const wake = () => worker.wake();
            return new Notifier(tenants, worker, new EnqueueDeliveries(events, tenants, outbox, clock, wake), new EnqueueAlertDeliveries(tenants, outbox, clock, wake), config.secretBox);
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
