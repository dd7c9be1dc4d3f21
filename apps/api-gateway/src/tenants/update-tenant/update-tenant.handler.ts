import { Result, Tenant, succeed } from '@pvs/domain';
import { Inject, Injectable } from '@nestjs/common';
import { TenantSettings } from '@pvs/contracts';
import { CLOCK, Clock } from '@pvs/runtime';
import { alertWebhookList, perGatewayLists } from '../tenant-fields';
import { TenantChanges } from '../tenant-changes';
import { UpdateTenantRequest } from './update-tenant.request.dto';

@Injectable()
export class UpdateTenantHandler {
  constructor(
    private readonly changes: TenantChanges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Records only what changes. */
  async update(tenantId: string, request: UpdateTenantRequest, correlationId: string): Promise<Result<Tenant>> {
    const updated = await this.changes.record(tenantId, correlationId, { type: 'Update', settings: requestedSettings(request), now: this.clock.now() });
    return updated.ok ? succeed(updated.value.tenant) : updated;
  }
}

function requestedSettings(request: UpdateTenantRequest): Partial<TenantSettings> {
  return {
    ...(request.status !== undefined && { status: request.status }),
    ...(request.unpaid_cycles !== undefined && { unpaidCycles: request.unpaid_cycles }),
    ...(request.unpaid_cycle_limit !== undefined && { unpaidCycleLimit: request.unpaid_cycle_limit }),
    ...(request.webhook_url !== undefined && { webhookUrl: request.webhook_url }),
    ...(request.allowed_senders !== undefined && { allowedSenders: perGatewayLists(request.allowed_senders) }),
    ...(request.receiving_accounts !== undefined && { receivingAccounts: perGatewayLists(request.receiving_accounts) }),
    ...(request.balance_check !== undefined && { balanceCheck: request.balance_check }),
    ...(request.verification_policy !== undefined && { verificationPolicy: request.verification_policy }),
    ...(request.alert_webhooks !== undefined && { alertWebhooks: alertWebhookList(request.alert_webhooks) }),
    ...(request.raast_qr !== undefined && { raastQr: request.raast_qr }),
    ...(request.payer_data_retention_days !== undefined && { payerDataRetentionDays: request.payer_data_retention_days }),
  };
}
