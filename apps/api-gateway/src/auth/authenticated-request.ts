import { Tenant } from '@pvs/domain';
import { FastifyRequest } from 'fastify';

/** A request whose credential named a tenant (set by the credential guards). */
export interface AuthenticatedRequest extends FastifyRequest {
  tenant: Tenant;
}
