import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { SmsViews } from '@pvs/read-model';
import { AdminApi, ApiErrors, ApiList, ChoiceQuery, LimitQuery, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { OperatorGuard } from '../../auth/operator.guard';
import { limitParam, optionalChoiceParam, optionalUuidParam } from '../../http/query-params';
import { SmsPayerData } from '../sms-payer-data';
import { SMS_VIEWS } from '../sms-views.token';
import { ForwardedSmsResponse, SMS_STATES } from './forwarded-sms.response';
import { ReadableBy } from './readable-by';

/** Forwarded SMS for operators: `?state=rejected` lists what no template read, and which would read it now. */
@Controller('admin/sms')
@UseGuards(OperatorGuard)
@AdminApi()
export class ListSmsHttpController {
  constructor(
    @Inject(SMS_VIEWS) private readonly views: SmsViews,
    private readonly readableBy: ReadableBy,
    private readonly payerData: SmsPayerData,
  ) {}

  @Get()
  @Summary('Forwarded SMS, newest first')
  @ChoiceQuery('state', SMS_STATES)
  @UuidQuery('tenant_id', 'Only this tenant')
  @LimitQuery()
  @ApiList('The SMS', ForwardedSmsResponse)
  @ApiErrors(422)
  async list(@Query('state') state?: string, @Query('tenant_id') tenantId?: string, @Query('limit') limit?: string) {
    const rows = await this.views.list({
      state: optionalChoiceParam('state', state, SMS_STATES),
      tenantId: optionalUuidParam('tenant_id', tenantId),
      limit: limitParam(limit),
    });
    const bodies = await this.payerData.bodies(rows);
    return { success: true, data: rows.map((sms, at) => ForwardedSmsResponse.of(sms, bodies[at], this.readableBy.of(sms, bodies[at]))) };
  }
}
