import { Result, Tenant, succeed } from '@pvs/domain';
import { Inject, Injectable } from '@nestjs/common';
import { TenantCredential } from '@pvs/contracts';
import { CLOCK, Clock } from '@pvs/runtime';
import { CREDENTIAL_KINDS, issueCredential } from '@pvs/tenants';
import { TenantChanges } from '../tenant-changes';

export interface RotatedCredential {
  readonly tenant: Tenant;
  /** Shown once, in the response; only its hash is recorded. */
  readonly plaintext: string;
}

/**
 * Replaces the API key or the gateway secret. The old one is refused as soon as this answers in
 * this process, and in other gateway processes at their tenant directory's next read of the log.
 */
@Injectable()
export class RotateCredentialHandler {
  constructor(
    private readonly changes: TenantChanges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async rotate(tenantId: string, credential: TenantCredential, correlationId: string): Promise<Result<RotatedCredential>> {
    const issued = issueCredential(CREDENTIAL_KINDS[credential]);
    const rotated = await this.changes.record(tenantId, correlationId, { type: 'RotateCredential', credential, replacement: issued.stored, now: this.clock.now() });
    return rotated.ok ? succeed({ tenant: rotated.value.tenant, plaintext: issued.plaintext }) : rotated;
  }
}
