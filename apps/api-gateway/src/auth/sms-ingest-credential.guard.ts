import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { AuthenticatedRequest } from './authenticated-request';

/** SMS ingest takes the API key (X-Api-Key) or, for forwarder apps, the gateway secret (X-Gateway-Secret). */
@Injectable()
export class SmsIngestCredentialGuard implements CanActivate {
  constructor(@Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const apiKey = request.headers['x-api-key'];
    const gatewaySecret = request.headers['x-gateway-secret'];
    const tenant =
      typeof apiKey === 'string'
        ? await this.tenants.authenticate('pvs', apiKey.trim())
        : typeof gatewaySecret === 'string'
          ? await this.tenants.authenticate('pvsgw', gatewaySecret.trim())
          : null;
    if (!tenant) throw new UnauthorizedException('Missing or invalid API key or gateway secret');
    request.tenant = tenant;
    return true;
  }
}
