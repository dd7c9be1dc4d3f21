import { FastifyRequest } from 'fastify';
import { Tenant } from '@pvs/tenants';

/** A request whose credential named a tenant (set by the credential guards). */
export interface AuthenticatedRequest extends FastifyRequest {
  tenant: Tenant;
}
