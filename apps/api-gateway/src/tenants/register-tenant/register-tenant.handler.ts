import { DEFAULT_UNPAID_CYCLE_LIMIT, Tenant, tenantDecider } from '@pvs/domain';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PAYER_DATA_RETENTION_DAYS, TenantRegisteredData, tenantStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory, issueCredential, issueWebhookSecret } from '@pvs/tenants';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { alertWebhookList, perGatewayLists } from '../tenant-fields';
import { RegisterTenantRequest } from './register-tenant.request.dto';

export interface RegisteredTenant {
  readonly tenant: Tenant;
  /** Shown once, in the response to the registration; only hashes or ciphertext are kept. */
  readonly secrets: { readonly apiKey: string; readonly webhookSecret: string; readonly gatewaySecret: string };
}

@Injectable()
export class RegisterTenantHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async register(request: RegisterTenantRequest, correlationId: string): Promise<RegisteredTenant> {
    const tenantId = randomUUID();
    const apiKey = issueCredential('pvs');
    const gatewaySecret = issueCredential('pvsgw');
    const webhookSecret = issueWebhookSecret();
    const data: TenantRegisteredData = {
      tenantId,
      name: request.name,
      webhookUrl: request.webhook_url ?? null,
      allowedSenders: perGatewayLists(request.allowed_senders),
      receivingAccounts: perGatewayLists(request.receiving_accounts),
      balanceCheck: request.balance_check ?? 'record',
      verificationPolicy: request.verification_policy ?? 'standard',
      alertWebhooks: alertWebhookList(request.alert_webhooks ?? []),
      raastQr: request.raast_qr ?? null,
      payerDataRetentionDays: request.payer_data_retention_days ?? PAYER_DATA_RETENTION_DAYS.default,
      unpaidCycleLimit: request.unpaid_cycle_limit ?? DEFAULT_UNPAID_CYCLE_LIMIT,
      apiKey: apiKey.stored,
      gatewaySecret: gatewaySecret.stored,
      webhookSecret: this.config.secretBox.seal(webhookSecret, tenantId),
      registeredAt: this.clock.now().toISOString(),
    };
    const command = { type: 'Register', registration: data } as const;
    // A fresh random id: the stream is new, and a conflict on it (a clash of ids) is thrown, never retried.
    const options = { metadata: { tenantId, correlationId }, known: { state: null, version: 0 }, maxRetries: 0 };
    await handleCommand(this.events, tenantStream(tenantId), tenantDecider, command, options);
    const tenant = await this.tenants.find(tenantId);
    if (!tenant) throw new Error(`Tenant ${tenantId} was recorded but is not readable yet`);
    return {
      tenant,
      secrets: { apiKey: apiKey.plaintext, webhookSecret, gatewaySecret: gatewaySecret.plaintext },
    };
  }
}
