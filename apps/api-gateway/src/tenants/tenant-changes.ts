import { Inject, Injectable } from '@nestjs/common';
import { tenantStream } from '@pvs/contracts';
import { Result, TENANT_NOT_FOUND, Tenant, TenantCommand, refused, succeed, tenantDecider } from '@pvs/domain';
import { EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';

export interface TenantChange {
  readonly tenant: Tenant;
  /** False when the command found nothing to change. */
  readonly recorded: boolean;
}

/**
 * Records one change of a tenant through the command path, and answers with the tenant as its stream is
 * then: the directory has applied the change, so the next request, through any process, already sees it.
 */
@Injectable()
export class TenantChanges {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
  ) {}

  async record(tenantId: string, correlationId: string, command: TenantCommand): Promise<Result<TenantChange>> {
    const change = await handleCommand(this.events, tenantStream(tenantId), tenantDecider, command, { metadata: { tenantId, correlationId } });
    if (!change.ok) return change;
    const tenant = await this.tenants.find(tenantId);
    return tenant ? succeed({ tenant, recorded: change.events.length > 0 }) : refused('not_found', TENANT_NOT_FOUND);
  }
}
