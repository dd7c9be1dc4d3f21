import { Tenant } from '@pvs/domain';
import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { AuthenticatedRequest } from './authenticated-request';

export const CurrentTenant = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Tenant => context.switchToHttp().getRequest<AuthenticatedRequest>().tenant,
);
