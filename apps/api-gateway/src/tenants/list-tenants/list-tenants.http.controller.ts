import { Controller, Get, Inject, NotFoundException, Param, UseGuards } from '@nestjs/common';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, ApiList, PathParam, Summary } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { tenantResponse } from '../tenant-fields';

@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
export class ListTenantsHttpController {
  constructor(@Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory) {}

  @Get()
  @Summary('Every tenant, oldest first (no secrets)')
  @ApiList('The tenants', schemaRef('Tenant'))
  list() {
    const tenants = this.tenants.all().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { success: true, data: tenants.map(tenantResponse) };
  }

  @Get(':id')
  @Summary('One tenant (no secrets)')
  @PathParam('id', 'The tenant id')
  @ApiData(200, 'The tenant', schemaRef('Tenant'))
  @ApiErrors(404)
  async show(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string) {
    const tenant = await this.tenants.find(tenantId);
    if (!tenant) throw new NotFoundException('Tenant not found');
    return { success: true, data: tenantResponse(tenant) };
  }
}
