import { DynamicModule, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { METRICS, Metrics } from '@pvs/observability';
import { PAYER_DATA_VAULT, PayerDataVault, payerDataMigrations } from '@pvs/payer-data';
import { PROJECTION_STATUSES, ProjectionStatuses, SMS_HOURLY_VIEWS, SmsHourlyViews, AlertViews } from '@pvs/read-model';
import { CLOCK, Clock, ConfigError, GATEWAY_DATABASE, THROTTLER_STORAGE } from '@pvs/runtime';
import { SqlClient, migrate } from '@pvs/sql';
import { gatewayMigrations } from './gateway-schema';
import { TENANT_DIRECTORY, TenantDirectory, secretsKeyMismatch } from '@pvs/tenants';
import { ALERT_VIEWS } from './alerts/alerts.http.controller';
import { AlertsModule } from './alerts/alerts.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { ErasuresModule } from './erasures/erasures.module';
import { EventsModule } from './events/events.module';
import { FORWARDER_REGISTRY, ForwarderRegistry } from './forwarders/forwarder-registry';
import { ForwardersModule } from './forwarders/forwarders.module';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway-config';
import { GatewayConfigModule } from './gateway-config.module';
import { GatewaySharedModule } from './gateway-shared.module';
import { HealthModule } from './health/health.module';
import { LedgersModule } from './ledgers/ledgers.module';
import { OperatorsModule } from './operators/operators.module';
import { PaymentLinksModule } from './payment-links/payment-links.module';
import { PaymentsModule } from './payments/payments.module';
import { ProjectionsModule } from './projections/projections.module';
import { RATE_LIMITS } from './rate-limits';
import { LEARNED_TEMPLATE_REGISTRY, LearnedTemplateRegistry } from './sms/learned-templates/learned-template-registry';
import { SmsModule } from './sms/sms.module';
import { TenantsModule } from './tenants/tenants.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The HTTP API: records facts as events, answers queries from the read model. Needs InfrastructureModule. One module
 * per area; this one migrates the gateway's own tables, starts and stops what they follow, and feeds the metrics read from them.
 */
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
    @Inject(GATEWAY_DATABASE) private readonly database: SqlClient,
    @Inject(PAYER_DATA_VAULT) private readonly payerData: PayerDataVault,
  ) {}

  static register(config: GatewayConfig): DynamicModule {
    return {
      module: ApiGatewayModule,
      imports: [
        ThrottlerModule.forRootAsync({
          inject: [THROTTLER_STORAGE],
          useFactory: (storage: ThrottlerStorage) => ({ throttlers: [{ name: 'default', ...RATE_LIMITS.verify }], storage }),
        }),
        GatewayConfigModule.register(config),
        GatewaySharedModule,
        // The OpenAPI document lists the areas' paths in this order (its clients' generated types follow it).
        HealthModule,
        PaymentsModule,
        SmsModule,
        TenantsModule,
        OperatorsModule,
        EventsModule,
        WebhooksModule,
        ProjectionsModule,
        DashboardModule,
        ForwardersModule,
        LedgersModule,
        AlertsModule,
        PaymentLinksModule,
        ErasuresModule,
      ],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await migrate(this.database, gatewayMigrations);
    await migrate(this.database, payerDataMigrations);
    this.metrics.projectionLag.track(() => this.projections.all());
    this.metrics.smsHours.track(() => this.smsHours.lastHours(this.clock.now(), 48));
    this.metrics.alerts.track(() => this.alerts.openCounts());
    await this.tenants.start();
    await this.learnedTemplates.start();
    await this.forwarders.start();
    const mismatch = secretsKeyMismatch(this.tenants.all(), this.config.secretBox) ?? (await this.payerDataKeysMismatch());
    if (mismatch) {
      await this.stopFollowing();
      throw new ConfigError('SECRETS_KEY', mismatch);
    }
  }

  private async payerDataKeysMismatch(): Promise<string | null> {
    const problem = await this.payerData.keyRingProblem();
    return problem && `does not open the payer data keys (${problem}): start with the key they were sealed under in SECRETS_PREVIOUS_KEYS, then reseal`;
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
