import { DynamicModule, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { PAYMENT_VIEWS, PostgresPaymentViews, SmsViews } from '@pvs/read-model';
import { READ_MODEL_DATABASE, THROTTLER_STORAGE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '@pvs/webhook-deliveries';
import { AdminTokenGuard } from './auth/admin-token.guard';
import { ApiKeyGuard } from './auth/api-key.guard';
import { PaymentsAllowedGuard } from './auth/payments-allowed.guard';
import { TenantThrottlerGuard } from './auth/tenant-throttler.guard';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway-config';
import { HealthHttpController } from './health/health.http.controller';
import { GetPaymentStatusHandler } from './payments/get-payment-status/get-payment-status.handler';
import { GetPaymentStatusHttpController } from './payments/get-payment-status/get-payment-status.http.controller';
import { RegisterPaymentIntentHandler } from './payments/register-payment-intent/register-payment-intent.handler';
import { RegisterPaymentIntentHttpController } from './payments/register-payment-intent/register-payment-intent.http.controller';
import { RATE_LIMITS } from './rate-limits';
import { ReviewPaymentHandler } from './payments/review-payment/review-payment.handler';
import { ReviewPaymentHttpController } from './payments/review-payment/review-payment.http.controller';
import { ListSmsHttpController } from './sms/rejected-sms/list-sms.http.controller';
import { ReparseSmsHandler } from './sms/reparse-sms/reparse-sms.handler';
import { ReparseSmsHttpController } from './sms/reparse-sms/reparse-sms.http.controller';
import { SMS_VIEWS } from './sms/sms-views.token';
import { RotateWebhookSecretHttpController } from './tenants/rotate-webhook-secret/rotate-webhook-secret.http.controller';
import { DELIVERY_OUTBOX } from './webhooks/delivery-outbox.token';
import { ListDeliveriesHttpController } from './webhooks/list-deliveries/list-deliveries.http.controller';
import { RedeliverHttpController } from './webhooks/redeliver/redeliver.http.controller';
import { IngestSmsHandler } from './sms/ingest-sms/ingest-sms.handler';
import { IngestSmsHttpController } from './sms/ingest-sms/ingest-sms.http.controller';
import { SmsIngestCredentialGuard } from './auth/sms-ingest-credential.guard';
import { ListTenantsHttpController } from './tenants/list-tenants/list-tenants.http.controller';
import { RegisterTenantHandler } from './tenants/register-tenant/register-tenant.handler';
import { RegisterTenantHttpController } from './tenants/register-tenant/register-tenant.http.controller';
import { UpdateTenantHandler } from './tenants/update-tenant/update-tenant.handler';
import { UpdateTenantHttpController } from './tenants/update-tenant/update-tenant.http.controller';

/** The HTTP API: records facts as events, answers queries from the read model. Needs InfrastructureModule. */
@Module({})
export class ApiGatewayModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory) {}

  static register(config: GatewayConfig): DynamicModule {
    return {
      module: ApiGatewayModule,
      imports: [
        ThrottlerModule.forRootAsync({
          inject: [THROTTLER_STORAGE],
          useFactory: (storage: ThrottlerStorage) => ({ throttlers: [{ name: 'default', ...RATE_LIMITS.verify }], storage }),
        }),
      ],
      controllers: [
        HealthHttpController,
        RegisterPaymentIntentHttpController,
        GetPaymentStatusHttpController,
        IngestSmsHttpController,
        ReviewPaymentHttpController,
        ListSmsHttpController,
        ReparseSmsHttpController,
        RotateWebhookSecretHttpController,
        ListDeliveriesHttpController,
        RedeliverHttpController,
        RegisterTenantHttpController,
        UpdateTenantHttpController,
        ListTenantsHttpController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: TENANT_DIRECTORY, inject: [EVENT_STORE], useFactory: (events: EventStore) => new TenantDirectory(events) },
        { provide: PAYMENT_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new PostgresPaymentViews(sql) },
        { provide: SMS_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new SmsViews(sql) },
        { provide: DELIVERY_OUTBOX, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new DeliveryOutbox(sql) },
        AdminTokenGuard,
        ApiKeyGuard,
        PaymentsAllowedGuard,
        TenantThrottlerGuard,
        SmsIngestCredentialGuard,
        IngestSmsHandler,
        ReviewPaymentHandler,
        ReparseSmsHandler,
        RegisterPaymentIntentHandler,
        GetPaymentStatusHandler,
        RegisterTenantHandler,
        UpdateTenantHandler,
      ],
    };
  }

  onApplicationBootstrap(): Promise<void> {
    return this.tenants.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.tenants.stop();
  }
}
