import { InjectionToken, Module, Provider } from '@nestjs/common';
import { APPEND_SIGNALS, AppendSignals, EVENT_STORE, EventStore } from '@pvs/event-store';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { AuthenticationAttempts } from './auth/authentication-attempts';
import { FORWARDER_REGISTRY, ForwarderRegistry } from './forwarders/forwarder-registry';
import { OperatorAccounts } from './operators/operator-accounts';
import { READ_MODEL_POSITION, readModelPositionProvider } from './projections/read-model-position.provider';

/** Binds `provide` to views reading `database`: the read model's, unless another owner publishes readers of its own tables. */
export function viewsProvider<T>(provide: InjectionToken, Views: new (sql: SqlClient) => T, database: InjectionToken = READ_MODEL_DATABASE): Provider {
  return { provide, inject: [database], useFactory: (sql: SqlClient) => new Views(sql) };
}

/**
 * What the gateway's areas share, one instance each: what the guards check credentials against (tenants, forwarders,
 * operators, failed attempts) and where the read model stands. ApiGatewayModule starts and stops the directories.
 */
@Module({
  providers: [
    { provide: TENANT_DIRECTORY, inject: [EVENT_STORE, APPEND_SIGNALS], useFactory: (events: EventStore, signals: AppendSignals) => new TenantDirectory(events, signals) },
    { provide: FORWARDER_REGISTRY, inject: [EVENT_STORE, APPEND_SIGNALS], useFactory: (events: EventStore, signals: AppendSignals) => new ForwarderRegistry(events, signals) },
    AuthenticationAttempts,
    OperatorAccounts,
    readModelPositionProvider,
  ],
  exports: [TENANT_DIRECTORY, FORWARDER_REGISTRY, AuthenticationAttempts, OperatorAccounts, READ_MODEL_POSITION],
})
export class GatewaySharedModule {}
