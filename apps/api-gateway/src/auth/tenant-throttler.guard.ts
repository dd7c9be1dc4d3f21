import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { AuthenticatedRequest } from './authenticated-request';

/**
 * Rate limits per tenant rather than per IP address; runs after ApiKeyGuard. The counts never wait for
 * Redis: while it is down each gateway process limits on its own counts (RedisSyncedThrottlerStorage).
 */
@Injectable()
export class TenantThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return (request as unknown as AuthenticatedRequest).tenant.id;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, limit: ThrottlerLimitDetail): Promise<void> {
    const seconds = Math.round(limit.ttl / 1000);
    throw new ThrottlerException(
      `Rate limit exceeded: ${limit.limit} requests per ${seconds} seconds for this tenant; retry after ${limit.timeToBlockExpire} s`,
    );
  }
}
