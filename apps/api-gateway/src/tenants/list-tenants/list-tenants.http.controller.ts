import { Controller, Get, Inject, NotFoundException, Param, UseGuards } from '@nestjs/common';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { AdminTokenGuard } from '../../auth/admin-token.guard';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { tenantResponse } from '../tenant-fields';

@Controller('admin/tenants')
@UseGuards(AdminTokenGuard)
export class ListTenantsHttpController {
  constructor(@Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory) {}

  @Get()
  list() {
    const tenants = this.tenants.all().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { success: true, data: tenants.map(tenantResponse) };
  }

  @Get(':id')
  show(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string) {
    const tenant = this.tenants.get(tenantId);
    if (!tenant) throw new NotFoundException('Tenant not found');
    return { success: true, data: tenantResponse(tenant) };
  }
}
