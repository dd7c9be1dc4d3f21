import { Controller, Get, Inject, NotFoundException, Query, UseGuards } from '@nestjs/common';
import { businessDay } from '@pvs/contracts';
import { TENANT_DAILY_VIEWS, TenantDailyViews } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { ApiQuery } from '@nestjs/swagger';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { optionalDateParam, optionalUuidParam } from '../../http/query-params';
import { DailySummaryResponse } from './daily-summary.response';

/** Per tenant, the payments registered on one Asia/Karachi day (today by default), as they stand now. */
@Controller('admin/dashboard')
@UseGuards(OperatorGuard)
@AdminApi()
export class DailySummaryHttpController {
  constructor(
    @Inject(TENANT_DAILY_VIEWS) private readonly views: TenantDailyViews,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('daily')
  @Summary('Per tenant: payments registered on one day (Asia/Karachi), counts and sums by status and gateway, match rate, median time to verify')
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD; today in Asia/Karachi when left out', schema: { type: 'string', format: 'date', pattern: '^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}$' } })
  @UuidQuery('tenant_id', 'Only this tenant')
  @ApiData(200, 'The day', DailySummaryResponse)
  @ApiErrors(404, 422)
  async daily(@Query('date') dateParam?: string, @Query('tenant_id') tenantParam?: string) {
    const date = optionalDateParam('date', dateParam) ?? businessDay(this.clock.now());
    const tenantId = optionalUuidParam('tenant_id', tenantParam);
    if (tenantId && !(await this.tenants.find(tenantId))) throw new NotFoundException('Tenant not found');
    const summaries = await this.views.day(date, tenantId);
    const tenants = summaries
      .map((summary) => ({ summary, name: this.tenants.get(summary.tenantId)?.name ?? null }))
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.summary.tenantId.localeCompare(b.summary.tenantId));
    return { success: true, data: DailySummaryResponse.of(date, tenants) };
  }
}
