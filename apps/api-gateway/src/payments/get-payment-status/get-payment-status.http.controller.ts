import { Tenant } from '@pvs/domain';
import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiData, ApiErrors, MerchantApi, PathParam } from '../../http/openapi/api-docs';
import { ApiKeyGuard } from '../../auth/api-key.guard';
import { CurrentTenant } from '../../auth/current-tenant.decorator';
import { TenantThrottlerGuard } from '../../auth/tenant-throttler.guard';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { RATE_LIMITS } from '../../rate-limits';
import { PaymentResponse } from '../payment-response';
import { GetPaymentStatusHandler } from './get-payment-status.handler';
import { valueOf } from '../../http/refusals';

@Controller('payments')
export class GetPaymentStatusHttpController {
  constructor(private readonly handler: GetPaymentStatusHandler) {}

  @Get('status/:uuid')
  @MerchantApi(
    'Poll the status of a payment (every 3 s for 60 s is recommended)',
    'Read-your-writes and monotonic reads: once the service has told anyone a state of this payment (the answer to ' +
      'POST /sms/ingest or POST /payments/verify, a webhook, an operator\'s approve or reject), every later status read, ' +
      'through any gateway process, shows that state or a later one.',
  )
  @PathParam('uuid', 'The transaction UUID returned at submission; anything else is a 404')
  @ApiData(200, 'The payment', PaymentResponse)
  @ApiErrors(404, 429)
  @UseGuards(ApiKeyGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.status })
  async status(@CurrentTenant() tenant: Tenant, @Param('uuid', new UuidOrNotFoundPipe('Transaction')) uuid: string) {
    return { success: true, data: PaymentResponse.of(valueOf(await this.handler.status(tenant.id, uuid))) };
  }
}
