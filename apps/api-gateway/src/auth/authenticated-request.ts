import { Tenant } from '@pvs/domain';
import { FastifyRequest } from 'fastify';

/** A request whose credential named a tenant (set by the credential guards). */
export interface AuthenticatedRequest extends FastifyRequest {
  tenant: Tenant;
  /** The phone a forwarder key named (as its X-Forwarder-Id would); absent for the tenant's own credentials. */
  forwarderName?: string | null;
}
