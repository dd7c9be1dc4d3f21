import { Controller, Get, Inject, NotFoundException, Query, UseGuards } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { SMS_HOURLY_VIEWS, SmsHourlyViews } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { intParam, optionalUuidParam } from '../../http/query-params';
import { SmsStatsResponse } from './sms-stats.response';

export const MAX_STATS_HOURS = 168;

/** Forwarded SMS read and rejected per hour and institution: a rejected share that jumps for one institution is a wording that changed. */
@Controller('admin/sms/stats')
@UseGuards(OperatorGuard)
@AdminApi()
export class SmsStatsHttpController {
  constructor(
    @Inject(SMS_HOURLY_VIEWS) private readonly views: SmsHourlyViews,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @Summary('SMS read (by tier) and rejected (by reason) per UTC hour and institution, and each institution\'s totals')
  @ApiQuery({ name: 'hours', required: false, description: 'How many hours back, the current one included', schema: { type: 'integer', minimum: 1, maximum: MAX_STATS_HOURS, default: 48 } })
  @UuidQuery('tenant_id', 'Only this tenant')
  @ApiData(200, 'The hours', SmsStatsResponse)
  @ApiErrors(404, 422)
  async stats(@Query('hours') hoursParam?: string, @Query('tenant_id') tenantParam?: string) {
    const hours = intParam('hours', hoursParam, { min: 1, max: MAX_STATS_HOURS, fallback: 48 });
    const tenantId = optionalUuidParam('tenant_id', tenantParam);
    if (tenantId && !(await this.tenants.find(tenantId))) throw new NotFoundException('Tenant not found');
    return { success: true, data: SmsStatsResponse.of(await this.views.lastHours(this.clock.now(), hours, tenantId), hours) };
  }
}
