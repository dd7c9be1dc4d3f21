import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { hashesEqual, sha256 } from '@pvs/tenants';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway-config';

/** `Authorization: Bearer <ADMIN_TOKEN>` for the operators' API, compared in constant time. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (!token || !hashesEqual(sha256(token), this.config.adminTokenHash)) {
      throw new UnauthorizedException('Missing or invalid admin token');
    }
    return true;
  }
}
