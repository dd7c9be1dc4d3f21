import { Inject, Injectable } from '@nestjs/common';
import { TENANT_CREDENTIAL_ROTATED, TenantCredential, TenantCredentialRotatedData } from '@pvs/contracts';
import { CLOCK, Clock } from '@pvs/runtime';
import { CREDENTIAL_KINDS, Tenant, issueCredential } from '@pvs/tenants';
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

  async rotate(tenantId: string, credential: TenantCredential, correlationId: string): Promise<RotatedCredential> {
    const issued = issueCredential(CREDENTIAL_KINDS[credential]);
    const tenant = await this.changes.record(tenantId, correlationId, (current) => {
      const data: TenantCredentialRotatedData = {
        tenantId,
        credential,
        replacement: issued.stored,
        previousKeyId: (credential === 'api_key' ? current.apiKey : current.gatewaySecret).keyId,
        rotatedAt: this.clock.now().toISOString(),
      };
      return { type: TENANT_CREDENTIAL_ROTATED, data };
    });
    return { tenant, plaintext: issued.plaintext };
  }
}
