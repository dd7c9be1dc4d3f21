import { UnprocessableEntityException, Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { SmsViews } from '@pvs/read-model';
import { AdminTokenGuard } from '../../auth/admin-token.guard';
import { SMS_VIEWS } from '../sms-views.token';

const STATES = ['received', 'parsed', 'rejected'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Forwarded SMS for operators: `?state=rejected` lists what no template read. */
@Controller('admin/sms')
@UseGuards(AdminTokenGuard)
export class ListSmsHttpController {
  constructor(@Inject(SMS_VIEWS) private readonly views: SmsViews) {}

  @Get()
  async list(@Query('state') state?: string, @Query('tenant_id') tenantId?: string, @Query('limit') limit = '100') {
    if (state !== undefined && !(STATES as readonly string[]).includes(state)) {
      throw new UnprocessableEntityException(`state must be one of: ${STATES.join(', ')}`);
    }
    if (tenantId !== undefined && !UUID.test(tenantId)) throw new UnprocessableEntityException('tenant_id must be a UUID');
    if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000) throw new UnprocessableEntityException('limit must be 1 to 1000');
    const rows = await this.views.list({ state: state as (typeof STATES)[number] | undefined, tenantId, limit: Number(limit) });
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
      })),
    };
  }
}
