import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { THROTTLER_STORAGE } from '@pvs/runtime';

const MINUTE_MS = 60_000;

/**
 * The pages are public: what one address, one link and one tenant may do through them in a minute. Kept in the
 * throttler's storage (Redis when distributed), so every gateway process counts alike.
 */
export const PAGE_LIMITS = {
  /** Page reads and status polls from one address. */
  viewsPerAddress: 240,
  /** Payments submitted from one address. */
  submissionsPerAddress: 10,
  /** Payments submitted on one link, from anywhere. */
  submissionsPerLink: 30,
  /** Payments submitted on all of a tenant's links: as many as its API may register. */
  submissionsPerTenant: 60,
} as const;

@Injectable()
export class PageLimits {
  constructor(@Inject(THROTTLER_STORAGE) private readonly storage: ThrottlerStorage) {}

  /** Whether the address may read one more page now. */
  view(address: string): Promise<boolean> {
    return this.allow(`pay-view:${address}`, PAGE_LIMITS.viewsPerAddress);
  }

  /** Whether one more payment may be submitted now from the address, on the link, for the tenant (each counted). */
  async submit(address: string, linkId: string, tenantId: string): Promise<boolean> {
    const allowed = await Promise.all([
      this.allow(`pay-submit:${address}`, PAGE_LIMITS.submissionsPerAddress),
      this.allow(`pay-link:${linkId}`, PAGE_LIMITS.submissionsPerLink),
      this.allow(`pay-tenant:${tenantId}`, PAGE_LIMITS.submissionsPerTenant),
    ]);
    return allowed.every(Boolean);
  }

  private async allow(key: string, limit: number): Promise<boolean> {
    const record = await this.storage.increment(key, MINUTE_MS, limit, MINUTE_MS, 'pay-page');
    return !record.isBlocked;
  }
}
