import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { TENANT_DIRECTORY, TenantDirectory, parseCredential } from '@pvs/tenants';
import { AuthenticatedRequest } from './authenticated-request';
import { AuthenticationAttempts } from './authentication-attempts';

export const API_KEY_REFUSED = 'Missing or invalid API key';

/** X-Api-Key names the tenant (spec 5); a missing or unknown key is a 401, and one guess too many a 429. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    private readonly attempts: AuthenticationAttempts,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers['x-api-key'];
    const key = typeof header === 'string' ? header.trim() : null;
    const presented = key === null ? null : { keyId: parseCredential('pvs', key)?.keyId ?? null };
    const tenant = await this.attempts.attempt(context, presented, async () => (key === null ? null : this.tenants.authenticate('pvs', key)));
    if (!tenant) throw new UnauthorizedException(API_KEY_REFUSED);
    request.tenant = tenant;
    return true;
  }
}
