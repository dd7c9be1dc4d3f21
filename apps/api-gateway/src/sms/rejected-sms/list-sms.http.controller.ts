import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { SmsViews } from '@pvs/read-model';
import { AdminApi, ApiErrors, ApiList, ChoiceQuery, LimitQuery, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { OperatorGuard } from '../../auth/operator.guard';
import { limitParam, optionalChoiceParam, optionalUuidParam } from '../../http/query-params';
import { SMS_VIEWS } from '../sms-views.token';
import { ReadableBy } from './readable-by';

const STATES = ['received', 'parsed', 'rejected'] as const;

/** Forwarded SMS for operators: `?state=rejected` lists what no template read, and which would read it now. */
@Controller('admin/sms')
@UseGuards(OperatorGuard)
@AdminApi()
export class ListSmsHttpController {
  constructor(
    @Inject(SMS_VIEWS) private readonly views: SmsViews,
    private readonly readableBy: ReadableBy,
  ) {}

  @Get()
  @Summary('Forwarded SMS, newest first')
  @ChoiceQuery('state', STATES)
  @UuidQuery('tenant_id', 'Only this tenant')
  @LimitQuery()
  @ApiList('The SMS', schemaRef('ForwardedSms'))
  @ApiErrors(422)
  async list(@Query('state') state?: string, @Query('tenant_id') tenantId?: string, @Query('limit') limit?: string) {
    const rows = await this.views.list({
      state: optionalChoiceParam('state', state, STATES),
      tenantId: optionalUuidParam('tenant_id', tenantId),
      limit: limitParam(limit),
    });
    return {
      success: true,
      data: rows.map((sms) => ({
        sms_id: sms.smsId,
        tenant_id: sms.tenantId,
        sender: sms.sender,
        body: sms.body,
        source: sms.source,
        received_at: sms.receivedAt?.toISOString() ?? null,
        recorded_at: sms.recordedAt.toISOString(),
        state: sms.state,
        rejection_reason: sms.rejectionReason,
        gateway: sms.gateway,
        reference: sms.reference,
        amount: sms.amountPaisa === null ? null : sms.amountPaisa / 100,
        transaction_uuid: sms.paymentId,
        outcome: sms.outcome,
        readable_by: this.readableBy.of(sms),
      })),
    };
  }
}
