import { Controller, Get, Inject, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, ApiList, LimitQuery, PathParam, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { limitParam, optionalUuidParam } from '../../http/query-params';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { TenantResponse } from '../tenant.response';

@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
export class ListTenantsHttpController {
  constructor(@Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory) {}

  @Get()
  @Summary('Tenants, oldest first (no secrets), a page at a time: the next page is after the last id of this one')
  @UuidQuery('after', 'Only the tenants after this one (the last id of the page before)')
  @LimitQuery()
  @ApiList('The tenants', TenantResponse)
  @ApiErrors(404, 422)
  async list(@Query('after') afterId?: string, @Query('limit') limit?: string) {
    const pageSize = limitParam(limit);
    const id = optionalUuidParam('after', afterId);
    const after = id === undefined ? undefined : await this.tenants.find(id);
    if (id !== undefined && !after) throw new NotFoundException('Tenant not found (after)');
    return { success: true, data: this.tenants.page({ after, limit: pageSize }).map((tenant) => TenantResponse.of(tenant)) };
  }

  @Get(':id')
  @Summary('One tenant (no secrets)')
  @PathParam('id', 'The tenant id')
  @ApiData(200, 'The tenant', TenantResponse)
  @ApiErrors(404)
  async show(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string) {
    const tenant = await this.tenants.find(tenantId);
    if (!tenant) throw new NotFoundException('Tenant not found');
    return { success: true, data: TenantResponse.of(tenant) };
  }
}
