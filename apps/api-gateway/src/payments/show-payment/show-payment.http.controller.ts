import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { valueOf } from '../../http/refusals';
import { PaymentWithHistoryResponse } from '../payment-response';
import { ShowPaymentHandler } from './show-payment.handler';

@Controller('admin/payments')
@UseGuards(OperatorGuard)
@AdminApi()
export class ShowPaymentHttpController {
  constructor(private readonly handler: ShowPaymentHandler) {}

  @Get(':uuid')
  @Summary('One payment, folded from its own stream, with its full event history')
  @PathParam('uuid', 'The transaction UUID')
  @ApiData(200, 'The payment and its events', PaymentWithHistoryResponse)
  @ApiErrors(404)
  async show(@Param('uuid', new UuidOrNotFoundPipe('Transaction')) uuid: string) {
    const { payment, history } = valueOf(await this.handler.show(uuid));
    return { success: true, data: PaymentWithHistoryResponse.ofHistory(payment, history) };
  }
}
