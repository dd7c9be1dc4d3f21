import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { SmsGapViews } from '@pvs/read-model';
import { OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiErrors, ApiList, ChoiceQuery, LimitQuery, Summary, UuidQuery } from '../http/openapi/api-docs';
import { limitParam, optionalChoiceParam, optionalUuidParam } from '../http/query-params';
import { SmsGapResponse } from './sms-gap.response';

export const SMS_GAP_VIEWS = Symbol('SMS_GAP_VIEWS');

const GAP_STATES = ['open', 'all'] as const;

/** SMS the balances say are missing: between two SMS of one account, money moved that no SMS seen explains. */
@Controller('admin/sms-gaps')
@UseGuards(OperatorGuard)
@AdminApi()
export class SmsGapsHttpController {
  constructor(@Inject(SMS_GAP_VIEWS) private readonly views: SmsGapViews) {}

  @Get()
  @Summary('SMS suspected missing, newest first, with the pending payments each may be')
  @UuidQuery('tenant_id', 'Only this tenant')
  @ChoiceQuery('state', GAP_STATES, '`open` (default): not explained yet; `all`: with those a late SMS explained')
  @LimitQuery()
  @ApiList('The gaps', SmsGapResponse)
  @ApiErrors(422)
  async list(@Query('tenant_id') tenantId?: string, @Query('state') state?: string, @Query('limit') limit?: string) {
    const open = (optionalChoiceParam('state', state, GAP_STATES) ?? 'open') === 'open';
    const rows = await this.views.list({ tenantId: optionalUuidParam('tenant_id', tenantId), open, limit: limitParam(limit) });
    return { success: true, data: rows.map(SmsGapResponse.of) };
  }
}
