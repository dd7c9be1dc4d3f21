import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { Tenant } from '@pvs/tenants';
import { AuthenticatedRequest } from './authenticated-request';

export const CurrentTenant = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Tenant => context.switchToHttp().getRequest<AuthenticatedRequest>().tenant,
);
