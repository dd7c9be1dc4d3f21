import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { GATEWAYS, PAYMENT_STATUSES } from '@pvs/contracts';
import { PAYMENT_VIEWS, PaymentViews } from '@pvs/read-model';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiErrors, ApiList, ChoiceQuery, LimitQuery, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { limitParam, optionalChoiceParam, optionalUuidParam } from '../../http/query-params';
import { ListedPaymentResponse } from '../payment-response';

/** Payments of every tenant for operators, newest first: `?status=manual_review` is the review queue. */
@Controller('admin/payments')
@UseGuards(OperatorGuard)
@AdminApi()
export class ListPaymentsHttpController {
  constructor(@Inject(PAYMENT_VIEWS) private readonly views: PaymentViews) {}

  @Get()
  @Summary('Payments of every tenant, newest first (status=manual_review is the review queue)')
  @ChoiceQuery('status', PAYMENT_STATUSES)
  @UuidQuery('tenant_id', 'Only this tenant')
  @ChoiceQuery('gateway', GATEWAYS)
  @LimitQuery()
  @ApiList('The payments', ListedPaymentResponse)
  @ApiErrors(422)
  async list(@Query('status') status?: string, @Query('tenant_id') tenantId?: string, @Query('gateway') gateway?: string, @Query('limit') limit?: string) {
    const payments = await this.views.list({
      status: optionalChoiceParam('status', status, PAYMENT_STATUSES),
      tenantId: optionalUuidParam('tenant_id', tenantId),
      gateway: optionalChoiceParam('gateway', gateway, GATEWAYS),
      limit: limitParam(limit),
    });
    return { success: true, data: payments.map((payment) => ListedPaymentResponse.of(payment)) };
  }
}
