import { Body, Controller, Param, Patch, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { TenantResponse } from '../tenant.response';
import { UpdateTenantHandler } from './update-tenant.handler';
import { UpdateTenantRequest } from './update-tenant.request.dto';
import { valueOf } from '../../http/refusals';

@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
export class UpdateTenantHttpController {
  constructor(private readonly handler: UpdateTenantHandler) {}

  @Patch(':id')
  @Summary('Change a tenant: suspend or activate, unpaid cycles, webhook URL, sender lists, receiving accounts; fields left out are unchanged')
  @PathParam('id', 'The tenant id')
  @ApiData(200, 'The tenant', TenantResponse)
  @ApiBodyErrors()
  @ApiErrors(404)
  async update(
    @Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string,
    @Body() body: UpdateTenantRequest,
    @Req() request: FastifyRequest,
  ) {
    return { success: true, data: TenantResponse.of(valueOf(await this.handler.update(tenantId, body, request.id))) };
  }
}
