import { Tenant } from '@pvs/domain';
import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiData, ApiBodyErrors, ApiErrors, MerchantApi } from '../../http/openapi/api-docs';
import { FastifyRequest } from 'fastify';
import { ApiKeyGuard } from '../../auth/api-key.guard';
import { CurrentTenant } from '../../auth/current-tenant.decorator';
import { PaymentsAllowedGuard } from '../../auth/payments-allowed.guard';
import { TenantThrottlerGuard } from '../../auth/tenant-throttler.guard';
import { RATE_LIMITS } from '../../rate-limits';
import { Registration, RegisterPaymentIntentHandler } from './register-payment-intent.handler';
import { RegisterPaymentIntentRequest } from './register-payment-intent.request.dto';
import { PaymentSubmissionResponse } from './payment-submission.response';
import { valueOf } from '../../http/refusals';

@Controller('payments')
export class RegisterPaymentIntentHttpController {
  constructor(private readonly handler: RegisterPaymentIntentHandler) {}

  @Post('verify')
  @MerchantApi('Register a payment intent')
  @ApiData(200, 'Registered, or already registered (same reference and amount): the payment as it stands', PaymentSubmissionResponse, true)
  @ApiBodyErrors()
  @ApiErrors(402, 429)
  @HttpCode(HttpStatus.OK)
  @UseGuards(ApiKeyGuard, PaymentsAllowedGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.verify })
  async verify(@CurrentTenant() tenant: Tenant, @Body() body: RegisterPaymentIntentRequest, @Req() request: FastifyRequest) {
    const registration = valueOf(await this.handler.register(tenant, body, request.id));
    return { success: true, message: messageFor(registration), data: PaymentSubmissionResponse.of(registration.payment) };
  }
}

function messageFor({ payment, created }: Registration): string {
  if (created) return 'Payment registered; awaiting verification';
  switch (payment.status) {
    case 'verified':
      return 'Payment already verified';
    case 'failed':
      return 'Payment already registered and failed';
    default:
      return 'Payment already registered; awaiting verification';
  }
}
