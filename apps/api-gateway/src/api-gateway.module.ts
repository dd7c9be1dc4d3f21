import { DynamicModule, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventStore } from '@pvs/event-store';
import { METRICS, Metrics } from '@pvs/observability';
import {
  PAYMENT_VIEWS,
  PROJECTION_STATUSES,
  PostgresPaymentViews,
  ProjectionStatuses,
  SMS_HOURLY_VIEWS,
  SmsHourlyViews,
  SmsViews,
  ForwarderViews,
  SmsGapViews,
  AlertViews,
  TENANT_DAILY_VIEWS,
  TenantDailyViews,
} from '@pvs/read-model';
import { CLOCK, Clock, ConfigError, NOTIFIER_DATABASE, READ_MODEL_DATABASE, THROTTLER_STORAGE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { TENANT_DIRECTORY, TenantDirectory, secretsKeyMismatch } from '@pvs/tenants';
import { DeliveryViews } from '@pvs/webhook-deliveries';
import { OperatorGuard } from './auth/operator.guard';
import { ApiKeyGuard } from './auth/api-key.guard';
import { AuthenticationAttempts } from './auth/authentication-attempts';
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
import { ListPaymentsHttpController } from './payments/list-payments/list-payments.http.controller';
import { ListSmsHttpController } from './sms/rejected-sms/list-sms.http.controller';
import { ReparseSmsHandler } from './sms/reparse-sms/reparse-sms.handler';
import { ReparseSmsHttpController } from './sms/reparse-sms/reparse-sms.http.controller';
import { SMS_VIEWS } from './sms/sms-views.token';
import { RotateWebhookSecretHttpController } from './tenants/rotate-webhook-secret/rotate-webhook-secret.http.controller';
import { RotateCredentialHandler } from './tenants/rotate-credential/rotate-credential.handler';
import { RotateCredentialHttpController } from './tenants/rotate-credential/rotate-credential.http.controller';
import { TenantChanges } from './tenants/tenant-changes';
import { ResealSecretsHandler } from './tenants/reseal-secrets/reseal-secrets.handler';
import { OperatorAccounts } from './operators/operator-accounts';
import { OperatorsHttpController } from './operators/operators.http.controller';
import { ResealSecretsHttpController } from './tenants/reseal-secrets/reseal-secrets.http.controller';
import { ShowPaymentHandler } from './payments/show-payment/show-payment.handler';
import { ShowPaymentHttpController } from './payments/show-payment/show-payment.http.controller';
import { ReadStreamHttpController } from './events/read-stream/read-stream.http.controller';
import { ReadEventLogHandler } from './events/read-event-log/read-event-log.handler';
import { ReadEventLogHttpController } from './events/read-event-log/read-event-log.http.controller';
import { DELIVERY_VIEWS } from './webhooks/delivery-views.token';
import { ListDeliveriesHttpController } from './webhooks/list-deliveries/list-deliveries.http.controller';
import { RedeliverHttpController } from './webhooks/redeliver/redeliver.http.controller';
import { IngestSmsHandler } from './sms/ingest-sms/ingest-sms.handler';
import { IngestSmsHttpController } from './sms/ingest-sms/ingest-sms.http.controller';
import { SmsIngestCredentialGuard } from './auth/sms-ingest-credential.guard';
import { TwilioSignatureGuard } from './sms/ingest-sms/twilio-signature.guard';
import { TwilioAuthTokenHttpController } from './tenants/twilio-auth-token/twilio-auth-token.http.controller';
import { ListTenantsHttpController } from './tenants/list-tenants/list-tenants.http.controller';
import { RegisterTenantHandler } from './tenants/register-tenant/register-tenant.handler';
import { RegisterTenantHttpController } from './tenants/register-tenant/register-tenant.http.controller';
import { UpdateTenantHandler } from './tenants/update-tenant/update-tenant.handler';
import { UpdateTenantHttpController } from './tenants/update-tenant/update-tenant.http.controller';
import { ListProjectionsHttpController } from './projections/list-projections/list-projections.http.controller';
import { RequestRebuildHandler } from './projections/request-rebuild/request-rebuild.handler';
import { RequestRebuildHttpController } from './projections/request-rebuild/request-rebuild.http.controller';
import { DailySummaryHttpController } from './dashboard/daily-summary/daily-summary.http.controller';
import { LEARNED_TEMPLATE_REGISTRY, LearnedTemplateRegistry } from './sms/learned-templates/learned-template-registry';
import { ReadableBy } from './sms/rejected-sms/readable-by';
import { FORWARDER_REGISTRY, ForwarderRegistry } from './forwarders/forwarder-registry';
import { FORWARDER_VIEWS, ForwardersHttpController } from './forwarders/forwarders.http.controller';
import { SMS_GAP_VIEWS, SmsGapsHttpController } from './ledgers/sms-gaps.http.controller';
import { ALERT_VIEWS, AlertsHttpController } from './alerts/alerts.http.controller';
import { readModelPositionProvider } from './projections/read-model-position.provider';
import { ForwarderHeartbeatHttpController } from './forwarders/forwarder-heartbeat.http.controller';
import { RecordHeartbeatHandler } from './forwarders/record-heartbeat.handler';
import { SmsTemplatesHandler } from './sms/sms-templates/sms-templates.handler';
import { SmsTemplatesHttpController } from './sms/sms-templates/sms-templates.http.controller';
import { SmsStatsHttpController } from './sms/sms-stats/sms-stats.http.controller';

/** The HTTP API: records facts as events, answers queries from the read model. Needs InfrastructureModule. */
@Module({})
export class ApiGatewayModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(LEARNED_TEMPLATE_REGISTRY) private readonly learnedTemplates: LearnedTemplateRegistry,
    @Inject(FORWARDER_REGISTRY) private readonly forwarders: ForwarderRegistry,
    @Inject(PROJECTION_STATUSES) private readonly projections: ProjectionStatuses,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(SMS_HOURLY_VIEWS) private readonly smsHours: SmsHourlyViews,
    @Inject(ALERT_VIEWS) private readonly alerts: AlertViews,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

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
        ListPaymentsHttpController,
        ListSmsHttpController,
        SmsStatsHttpController,
        ReparseSmsHttpController,
        SmsTemplatesHttpController,
        RotateWebhookSecretHttpController,
        RotateCredentialHttpController,
        TwilioAuthTokenHttpController,
        ResealSecretsHttpController,
        OperatorsHttpController,
        ShowPaymentHttpController,
        ReadStreamHttpController,
        ReadEventLogHttpController,
        ListDeliveriesHttpController,
        RedeliverHttpController,
        RegisterTenantHttpController,
        UpdateTenantHttpController,
        ListTenantsHttpController,
        ListProjectionsHttpController,
        RequestRebuildHttpController,
        DailySummaryHttpController,
        ForwardersHttpController,
        ForwarderHeartbeatHttpController,
        SmsGapsHttpController,
        AlertsHttpController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: TENANT_DIRECTORY, inject: [EVENT_STORE, APPEND_SIGNALS], useFactory: (events: EventStore, signals: AppendSignals) => new TenantDirectory(events, signals) },
        {
          provide: LEARNED_TEMPLATE_REGISTRY,
          inject: [EVENT_STORE, APPEND_SIGNALS],
          useFactory: (events: EventStore, signals: AppendSignals) => new LearnedTemplateRegistry(events, signals),
        },
        { provide: FORWARDER_REGISTRY, inject: [EVENT_STORE, APPEND_SIGNALS], useFactory: (events: EventStore, signals: AppendSignals) => new ForwarderRegistry(events, signals) },
        { provide: PAYMENT_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new PostgresPaymentViews(sql) },
        { provide: FORWARDER_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new ForwarderViews(sql) },
        { provide: SMS_GAP_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new SmsGapViews(sql) },
        { provide: ALERT_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new AlertViews(sql) },
        readModelPositionProvider,
        { provide: SMS_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new SmsViews(sql) },
        {
          provide: PROJECTION_STATUSES,
          inject: [EVENT_STORE, READ_MODEL_DATABASE, CLOCK],
          useFactory: (events: EventStore, sql: SqlClient, clock: Clock) => new ProjectionStatuses(events, sql, () => clock.now()),
        },
        { provide: SMS_HOURLY_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new SmsHourlyViews(sql) },
        { provide: TENANT_DAILY_VIEWS, inject: [READ_MODEL_DATABASE], useFactory: (sql: SqlClient) => new TenantDailyViews(sql) },
        { provide: DELIVERY_VIEWS, inject: [NOTIFIER_DATABASE], useFactory: (sql: SqlClient) => new DeliveryViews(sql) },
        OperatorGuard,
        AuthenticationAttempts,
        ApiKeyGuard,
        PaymentsAllowedGuard,
        TenantThrottlerGuard,
        SmsIngestCredentialGuard,
        TwilioSignatureGuard,
        IngestSmsHandler,
        ReviewPaymentHandler,
        ReparseSmsHandler,
        SmsTemplatesHandler,
        ReadableBy,
        RegisterPaymentIntentHandler,
        GetPaymentStatusHandler,
        RegisterTenantHandler,
        UpdateTenantHandler,
        RequestRebuildHandler,
        TenantChanges,
        RotateCredentialHandler,
        ResealSecretsHandler,
        OperatorAccounts,
        ShowPaymentHandler,
        ReadEventLogHandler,
        RecordHeartbeatHandler,
      ],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.metrics.projectionLag.track(() => this.projections.all());
    this.metrics.smsHours.track(() => this.smsHours.lastHours(this.clock.now(), 48));
    this.metrics.alerts.track(() => this.alerts.openCounts());
    await this.tenants.start();
    await this.learnedTemplates.start();
    await this.forwarders.start();
    const mismatch = secretsKeyMismatch(this.tenants.all(), this.config.secretBox);
    if (mismatch) {
      await this.stopFollowing();
      throw new ConfigError('SECRETS_KEY', mismatch);
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.stopFollowing();
  }

  private async stopFollowing(): Promise<void> {
    await this.tenants.stop();
    await this.learnedTemplates.stop();
    await this.forwarders.stop();
  }
}
