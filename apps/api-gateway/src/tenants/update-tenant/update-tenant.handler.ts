import { Inject, Injectable } from '@nestjs/common';
import { TENANT_UPDATED, TenantSettings, TenantUpdatedData } from '@pvs/contracts';
import { CLOCK, Clock } from '@pvs/runtime';
import { Tenant } from '@pvs/tenants';
import { perGatewayLists } from '../tenant-fields';
import { TenantChanges } from '../tenant-changes';
import { UpdateTenantRequest } from './update-tenant.request.dto';

@Injectable()
export class UpdateTenantHandler {
  constructor(
    private readonly changes: TenantChanges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Records only what changes. */
  update(tenantId: string, request: UpdateTenantRequest, correlationId: string): Promise<Tenant> {
    return this.changes.record(tenantId, correlationId, (tenant) => {
      const { changes, previous } = diff(tenant, request);
      if (Object.keys(changes).length === 0) return null;
      const data: TenantUpdatedData = { tenantId, changes, previous, updatedAt: this.clock.now().toISOString() };
      return { type: TENANT_UPDATED, data };
    });
  }
}

function diff(tenant: Tenant, request: UpdateTenantRequest) {
  const requested: Partial<TenantSettings> = {
    ...(request.status !== undefined && { status: request.status }),
    ...(request.unpaid_cycles !== undefined && { unpaidCycles: request.unpaid_cycles }),
    ...(request.unpaid_cycle_limit !== undefined && { unpaidCycleLimit: request.unpaid_cycle_limit }),
    ...(request.webhook_url !== undefined && { webhookUrl: request.webhook_url }),
    ...(request.allowed_senders !== undefined && { allowedSenders: perGatewayLists(request.allowed_senders) }),
    ...(request.receiving_accounts !== undefined && { receivingAccounts: perGatewayLists(request.receiving_accounts) }),
    ...(request.balance_check !== undefined && { balanceCheck: request.balance_check }),
  };
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(requested)) {
    const current = tenant[field as keyof TenantSettings];
    if (JSON.stringify(current) === JSON.stringify(value)) continue;
    changes[field] = value;
    previous[field] = current;
  }
  return { changes: changes as Partial<TenantSettings>, previous: previous as Partial<TenantSettings> };
}
