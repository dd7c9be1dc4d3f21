import { setTimeout as sleep } from 'node:timers/promises';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { tenantStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, ExpectedVersionConflictError } from '@pvs/event-store';
import { TENANT_DIRECTORY, Tenant, TenantDirectory } from '@pvs/tenants';

const ATTEMPTS = 8;
/** Upper bound of the random pause before the next attempt, doubled each time: writers that collided spread out. */
const FIRST_PAUSE_MS = 4;

export interface TenantChange {
  readonly type: string;
  readonly data: unknown;
}

/**
 * Records one change of a tenant against the version it read (a concurrent change is re-read and
 * decided again, after a random pause), and answers with the tenant as its stream is then: the directory
 * has applied the change, so the next request, through any process, already sees it. A change that keeps
 * losing to others is a 409 for the client to retry, never a 500.
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
      const tenant = await this.current(tenantId);
      const change = decide(tenant);
      if (!change) return tenant;
      try {
        await this.events.append(tenantStream(tenantId), [{ ...change, metadata: { tenantId, correlationId } }], tenant.version);
        return await this.current(tenantId);
      } catch (error) {
        if (!(error instanceof ExpectedVersionConflictError)) throw error;
        if (attempt === ATTEMPTS) throw new ConflictException('The tenant was changed by other requests meanwhile; try again');
        await sleep(Math.random() * FIRST_PAUSE_MS * 2 ** attempt);
      }
    }
  }

  private async current(tenantId: string): Promise<Tenant> {
    const tenant = await this.tenants.find(tenantId);
    if (!tenant) throw new NotFoundException('Tenant not found');
    return tenant;
  }
}
