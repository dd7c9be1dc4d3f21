import { ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { AuthenticatedRequest } from './authenticated-request';

/**
 * Rate limits per tenant rather than per IP address; runs after ApiKeyGuard. When the counters'
 * store (Redis) is down it lets requests through: a merchant's payments matter more than a
 * limit, and health reports the outage.
 */
@Injectable()
export class TenantThrottlerGuard extends ThrottlerGuard {
  private readonly rateLimitLogger = new Logger('RateLimits');

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return await super.canActivate(context);
    } catch (error) {
      if (error instanceof ThrottlerException) throw error;
      this.rateLimitLogger.warn(`Rate limits not enforced, their store failed: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
  }

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
