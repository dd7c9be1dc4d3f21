import { Inject, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway-config';

/** Where payers reach the service: PUBLIC_BASE_URL when set (behind a proxy that rewrites), else the request's own origin. */
@Injectable()
export class PublicOrigin {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  of(request: FastifyRequest): string {
    return this.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  }
}
