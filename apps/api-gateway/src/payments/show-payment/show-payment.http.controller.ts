import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { eventResponse } from '../../events/event-response';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { paymentView } from '../payment-history';
import { operatorPaymentResponse } from '../payment-response';
import { ShowPaymentHandler } from './show-payment.handler';
import { valueOf } from '../../http/refusals';

@Controller('admin/payments')
@UseGuards(OperatorGuard)
@AdminApi()
export class ShowPaymentHttpController {
  constructor(private readonly handler: ShowPaymentHandler) {}

  @Get(':uuid')
  @Summary('One payment, folded from its own stream, with its full event history')
  @PathParam('uuid', 'The transaction UUID')
  @ApiData(200, 'The payment and its events', {
    allOf: [
      schemaRef('OperatorPayment'),
      {
        type: 'object',
        properties: {
          expires_at: { type: 'string', format: 'date-time', nullable: true },
          sms_id: { type: 'string', format: 'uuid', nullable: true, description: 'the SMS that decided it' },
          events: { type: 'array', items: schemaRef('RecordedEvent') },
        },
      },
    ],
  })
  @ApiErrors(404)
  async show(@Param('uuid', new UuidOrNotFoundPipe('Transaction')) uuid: string) {
    const { payment, history } = valueOf(await this.handler.show(uuid));
    return {
      success: true,
      data: {
        ...operatorPaymentResponse(paymentView(payment)),
        expires_at: payment.expiresAt,
        sms_id: payment.smsId,
        events: history.map(eventResponse),
      },
    };
  }
}
