import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { FastifyRequest } from 'fastify';
import { Tenant } from '@pvs/domain';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTenant } from '../auth/current-tenant.decorator';
import { PaymentsAllowedGuard } from '../auth/payments-allowed.guard';
import { TenantThrottlerGuard } from '../auth/tenant-throttler.guard';
import { ApiBodyErrors, ApiData, ApiErrors, MerchantApi, PathParam } from '../http/openapi/api-docs';
import { valueOf } from '../http/refusals';
import { UuidOrNotFoundPipe } from '../http/uuid-or-not-found.pipe';
import { RATE_LIMITS } from '../rate-limits';
import { CreatePaymentLinkHandler } from './create-payment-link/create-payment-link.handler';
import { CreatePaymentLinkRequest } from './create-payment-link/create-payment-link.request.dto';
import { DisablePaymentLinkHandler } from './disable-payment-link/disable-payment-link.handler';
import { PaymentLinkReader } from './payment-link-reader';
import { PaymentLinkResponse } from './payment-link.response';
import { PublicOrigin } from './public-origin';

/** A merchant's payment links: created, read and disabled with the API key. */
@Controller('payment-links')
export class PaymentLinksHttpController {
  constructor(
    private readonly creation: CreatePaymentLinkHandler,
    private readonly disabling: DisablePaymentLinkHandler,
    private readonly links: PaymentLinkReader,
    private readonly origin: PublicOrigin,
  ) {}

  @Post()
  @MerchantApi('Create a payment link', 'A public page at `url` on which payers pay, enter their transaction id and watch it verified; its payments are registered as through POST /payments/verify, and send the same webhooks.')
  @ApiData(201, 'Created', PaymentLinkResponse)
  @ApiBodyErrors()
  @ApiErrors(402, 429)
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(ApiKeyGuard, PaymentsAllowedGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.verify })
  async create(@CurrentTenant() tenant: Tenant, @Body() body: CreatePaymentLinkRequest, @Req() request: FastifyRequest) {
    const link = valueOf(await this.creation.create(tenant, body, 'merchant', request.id));
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), new Date()) };
  }

  @Get(':id')
  @MerchantApi('Read a payment link', 'As it stands now: its status and how many payments it took.')
  @PathParam('id', 'The link id returned at creation; anything else is a 404')
  @ApiData(200, 'The link', PaymentLinkResponse)
  @ApiErrors(404, 429)
  @UseGuards(ApiKeyGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.status })
  async show(@CurrentTenant() tenant: Tenant, @Param('id', new UuidOrNotFoundPipe('Payment link')) id: string, @Req() request: FastifyRequest) {
    const link = valueOf(await this.links.ofTenant(tenant.id, id));
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), new Date()) };
  }

  @Post(':id/disable')
  @MerchantApi('Disable a payment link', 'Its page takes no more payments, at once; payments already made through it go on. Disabling it again changes nothing.')
  @PathParam('id', 'The link id returned at creation; anything else is a 404')
  @ApiData(200, 'Disabled', PaymentLinkResponse)
  @ApiErrors(404, 429)
  @HttpCode(HttpStatus.OK)
  @UseGuards(ApiKeyGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.verify })
  async disable(@CurrentTenant() tenant: Tenant, @Param('id', new UuidOrNotFoundPipe('Payment link')) id: string, @Req() request: FastifyRequest) {
    const link = valueOf(await this.disabling.disable(tenant.id, id, 'merchant', request.id));
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), new Date()) };
  }
}
