import { Body, Controller, Param, Patch, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { AdminTokenGuard } from '../../auth/admin-token.guard';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { tenantResponse } from '../tenant-fields';
import { UpdateTenantHandler } from './update-tenant.handler';
import { UpdateTenantRequest } from './update-tenant.request.dto';

@Controller('admin/tenants')
@UseGuards(AdminTokenGuard)
export class UpdateTenantHttpController {
  constructor(private readonly handler: UpdateTenantHandler) {}

  @Patch(':id')
  async update(
    @Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string,
    @Body() body: UpdateTenantRequest,
    @Req() request: FastifyRequest,
  ) {
    return { success: true, data: tenantResponse(await this.handler.update(tenantId, body, request.id)) };
  }
}
