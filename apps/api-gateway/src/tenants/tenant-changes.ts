import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { tenantStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, ExpectedVersionConflictError } from '@pvs/event-store';
import { TENANT_DIRECTORY, Tenant, TenantDirectory, foldTenant } from '@pvs/tenants';

const ATTEMPTS = 5;

export interface TenantChange {
  readonly type: string;
  readonly data: unknown;
}

/**
 * Records one change of a tenant against the version it read (a concurrent change is re-read and
 * decided again), and answers once this process's tenant directory has applied it, so the next
 * request already sees it.
 */
@Injectable()
export class TenantChanges {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
  ) {}

  /** `decide` gets the tenant as recorded now and returns the event to record, or null when nothing changes. */
  async record(tenantId: string, correlationId: string, decide: (tenant: Tenant) => TenantChange | null): Promise<Tenant> {
    for (let attempt = 1; ; attempt++) {
      const tenant = await this.load(tenantId);
      const change = decide(tenant);
      if (!change) return tenant;
      try {
        const { checkpoint } = await this.events.append(
          tenantStream(tenantId),
          [{ ...change, metadata: { tenantId, correlationId } }],
          tenant.version,
        );
        const applied = await this.tenants.waitFor(checkpoint);
        return (applied && this.tenants.get(tenantId)) || this.load(tenantId);
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError) || attempt === ATTEMPTS) throw error;
      }
    }
  }

  private async load(tenantId: string): Promise<Tenant> {
    const tenant = foldTenant(await this.events.readStream(tenantStream(tenantId)));
    if (!tenant) throw new NotFoundException('Tenant not found');
    return tenant;
  }
}
