import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { AuthenticatedRequest } from './authenticated-request';

/** X-Api-Key names the tenant (spec 5); a missing or unknown key is a 401. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(@Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const presented = request.headers['x-api-key'];
    const tenant = typeof presented === 'string' ? await this.tenants.authenticate('pvs', presented.trim()) : null;
    if (!tenant) throw new UnauthorizedException('Missing or invalid API key');
    request.tenant = tenant;
    return true;
  }
}
