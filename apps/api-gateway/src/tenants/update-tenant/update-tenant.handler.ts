import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { TENANT_UPDATED, TenantSettings, TenantUpdatedData, tenantStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, ExpectedVersionConflictError } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, Tenant, TenantDirectory, foldTenant } from '@pvs/tenants';
import { perGatewayLists } from '../tenant-fields';
import { UpdateTenantRequest } from './update-tenant.request.dto';

const ATTEMPTS = 5;

@Injectable()
export class UpdateTenantHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Records only what changes, against the version it read; a concurrent change is re-read and retried. */
  async update(tenantId: string, request: UpdateTenantRequest, correlationId: string): Promise<Tenant> {
    for (let attempt = 1; ; attempt++) {
      const tenant = foldTenant(await this.events.readStream(tenantStream(tenantId)));
      if (!tenant) throw new NotFoundException('Tenant not found');
      const { changes, previous } = diff(tenant, request);
      if (Object.keys(changes).length === 0) return tenant;
      const data: TenantUpdatedData = { tenantId, changes, previous, updatedAt: this.clock.now().toISOString() };
      try {
        const { checkpoint } = await this.events.append(
          tenantStream(tenantId),
          [{ type: TENANT_UPDATED, data, metadata: { tenantId, correlationId } }],
          tenant.version,
        );
        await this.tenants.waitFor(checkpoint);
        return this.tenants.get(tenantId) ?? { ...tenant, ...changes };
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError) || attempt === ATTEMPTS) throw error;
      }
    }
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
