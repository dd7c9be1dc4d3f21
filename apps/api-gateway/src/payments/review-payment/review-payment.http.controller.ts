import { Body, Controller, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { AdminTokenGuard } from '../../auth/admin-token.guard';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { paymentResponse } from '../payment-response';
import { paymentView } from '../payment-history';
import { ReviewPaymentHandler, ReviewVerdict } from './review-payment.handler';
import { ReviewPaymentRequest } from './review-payment.request.dto';

@Controller('admin/payments')
@UseGuards(AdminTokenGuard)
export class ReviewPaymentHttpController {
  constructor(private readonly handler: ReviewPaymentHandler) {}

  @Post(':uuid/approve')
  @HttpCode(HttpStatus.OK)
  approve(@Param('uuid', new UuidOrNotFoundPipe('Transaction')) uuid: string, @Body() body: ReviewPaymentRequest, @Req() request: FastifyRequest) {
    return this.review(uuid, 'approve', body, request.id);
  }

  @Post(':uuid/reject')
  @HttpCode(HttpStatus.OK)
  reject(@Param('uuid', new UuidOrNotFoundPipe('Transaction')) uuid: string, @Body() body: ReviewPaymentRequest, @Req() request: FastifyRequest) {
    return this.review(uuid, 'reject', body, request.id);
  }

  private async review(uuid: string, verdict: ReviewVerdict, body: ReviewPaymentRequest, correlationId: string) {
    const payment = await this.handler.review(uuid, verdict, body, correlationId);
    return { success: true, data: paymentResponse(paymentView(payment)) };
  }
}
