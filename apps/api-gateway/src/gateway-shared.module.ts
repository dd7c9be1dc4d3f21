import { InjectionToken, Module, Provider } from '@nestjs/common';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventStore } from '@pvs/event-store';
import { PAYER_DATA_VAULT, SqlPayerDataVault } from '@pvs/payer-data';
import { CLOCK, Clock, GATEWAY_DATABASE, READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { AuthenticationAttempts } from './auth/authentication-attempts';
import { FORWARDER_REGISTRY, ForwarderRegistry } from './forwarders/forwarder-registry';
import { OperatorAccounts } from './operators/operator-accounts';
import { READ_MODEL_POSITION, readModelPositionProvider } from './projections/read-model-position.provider';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway-config';
import { SmsPayerData } from './sms/sms-payer-data';

/** Binds `provide` to views reading `database`: the read model's, unless another owner publishes readers of its own tables. */
export function viewsProvider<T>(provide: InjectionToken, Views: new (sql: SqlClient) => T, database: InjectionToken = READ_MODEL_DATABASE): Provider {
  return { provide, inject: [database], useFactory: (sql: SqlClient) => new Views(sql) };
}

/**
 * What the gateway's areas share, one instance each: what the guards check credentials against (tenants, forwarders,
 * operators, failed attempts), where the read model stands, and the payer data vault (its keys sealed by the
 * service's key ring). ApiGatewayModule starts and stops the directories.
 */
@Module({
  providers: [
    { provide: TENANT_DIRECTORY, inject: [EVENT_STORE, APPEND_SIGNALS], useFactory: (events: EventStore, signals: AppendSignals) => new TenantDirectory(events, signals) },
    { provide: FORWARDER_REGISTRY, inject: [EVENT_STORE, APPEND_SIGNALS], useFactory: (events: EventStore, signals: AppendSignals) => new ForwarderRegistry(events, signals) },
    AuthenticationAttempts,
    OperatorAccounts,
    readModelPositionProvider,
    {
      provide: PAYER_DATA_VAULT,
      inject: [GATEWAY_DATABASE, GATEWAY_CONFIG, CLOCK],
      useFactory: (sql: SqlClient, config: GatewayConfig, clock: Clock) => new SqlPayerDataVault(sql, config.secretBox, () => clock.now().getTime()),
    },
    SmsPayerData,
  ],
  exports: [TENANT_DIRECTORY, FORWARDER_REGISTRY, AuthenticationAttempts, OperatorAccounts, READ_MODEL_POSITION, PAYER_DATA_VAULT, SmsPayerData],
})
export class GatewaySharedModule {}
