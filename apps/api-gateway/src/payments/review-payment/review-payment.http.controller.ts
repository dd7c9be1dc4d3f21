import { Body, Controller, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { CurrentOperator, OperatorGuard } from '../../auth/operator.guard';
import { Principal } from '@pvs/domain';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { PaymentResponse } from '../payment-response';
import { paymentView } from '../payment-history';
import { ReviewPaymentHandler, ReviewVerdict } from './review-payment.handler';
import { ReviewPaymentRequest } from './review-payment.request.dto';
import { valueOf } from '../../http/refusals';

@Controller('admin/payments')
@AdminApi()
@PathParam('uuid', 'The transaction UUID')
@ApiData(200, 'The payment after the decision', PaymentResponse)
@ApiBodyErrors()
@ApiErrors(404, 409)
@UseGuards(OperatorGuard)
export class ReviewPaymentHttpController {
  constructor(private readonly handler: ReviewPaymentHandler) {}

  @Post(':uuid/approve')
  @Summary('Approve a payment in manual_review (it becomes verified)')
  @HttpCode(HttpStatus.OK)
  approve(@Param('uuid', new UuidOrNotFoundPipe('Transaction')) uuid: string, @Body() body: ReviewPaymentRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return this.review(uuid, 'approve', body, by, request.id);
  }

  @Post(':uuid/reject')
  @Summary('Reject a payment in manual_review (it becomes failed)')
  @HttpCode(HttpStatus.OK)
  reject(@Param('uuid', new UuidOrNotFoundPipe('Transaction')) uuid: string, @Body() body: ReviewPaymentRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return this.review(uuid, 'reject', body, by, request.id);
  }

  private async review(uuid: string, verdict: ReviewVerdict, body: ReviewPaymentRequest, by: Principal, correlationId: string) {
    const payment = valueOf(await this.handler.review(uuid, verdict, body, by, correlationId));
    return { success: true, data: PaymentResponse.of(paymentView(payment)) };
  }
}
