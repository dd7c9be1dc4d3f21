import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { FastifyRequest } from 'fastify';
import { CLOCK, Clock } from '@pvs/runtime';
import { Tenant } from '@pvs/domain';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTenant } from '../auth/current-tenant.decorator';
import { PaymentsAllowedGuard } from '../auth/payments-allowed.guard';
import { TenantThrottlerGuard } from '../auth/tenant-throttler.guard';
import { ApiBodyErrors, ApiData, ApiErrors, ApiList, LimitQuery, MerchantApi, PathParam } from '../http/openapi/api-docs';
import { limitParam } from '../http/query-params';
import { PaymentLinkViews } from '@pvs/read-model';
import { valueOf } from '../http/refusals';
import { UuidOrNotFoundPipe } from '../http/uuid-or-not-found.pipe';
import { RATE_LIMITS } from '../rate-limits';
import { CreatePaymentLinkHandler } from './create-payment-link/create-payment-link.handler';
import { CreatePaymentLinkRequest } from './create-payment-link/create-payment-link.request.dto';
import { DisablePaymentLinkHandler } from './disable-payment-link/disable-payment-link.handler';
import { PaymentLinkReader } from './payment-link-reader';
import { LinkPaymentResponse, ListedPaymentLinkResponse, PaymentLinkResponse } from './payment-link.response';
import { PaymentPayerData } from '../payments/payment-payer-data';
import { PublicOrigin } from './public-origin';
import { PageViews } from './pay-page/page-views';

export const PAYMENT_LINK_VIEWS = Symbol('PAYMENT_LINK_VIEWS');

/** A merchant's payment links: created, listed, read and disabled with the API key. */
@Controller('payment-links')
export class PaymentLinksHttpController {
  constructor(
    private readonly creation: CreatePaymentLinkHandler,
    private readonly disabling: DisablePaymentLinkHandler,
    private readonly links: PaymentLinkReader,
    private readonly origin: PublicOrigin,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PAYMENT_LINK_VIEWS) private readonly views: PaymentLinkViews,
    private readonly pageViews: PageViews,
    private readonly payerData: PaymentPayerData,
  ) {}

  @Get()
  @MerchantApi('List payment links', 'Newest first, with their uses and verified payments (the read model: a link just created or used shows a moment later).')
  @LimitQuery()
  @ApiList('The links', ListedPaymentLinkResponse)
  @ApiErrors(422, 429)
  @UseGuards(ApiKeyGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.status })
  async list(@CurrentTenant() tenant: Tenant, @Query('limit') limit: string | undefined, @Req() request: FastifyRequest) {
    const links = await this.views.list({ tenantId: tenant.id, limit: limitParam(limit) });
    const opens = await this.pageViews.of(links.map((link) => link.linkId));
    const now = this.clock.now();
    return { success: true, data: links.map((link) => ListedPaymentLinkResponse.ofListed(link, opens.get(link.linkId), this.origin.of(request), now)) };
  }

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
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), this.clock.now()) };
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
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), this.clock.now()) };
  }

  @Get(':id/payments')
  @MerchantApi('List the payments made through a payment link', 'Newest first, with the name and number the payer chose to give (personal data: yours only). The read model: a payment just made shows a moment later.')
  @PathParam('id', 'The link id returned at creation; anything else is a 404')
  @LimitQuery()
  @ApiList('Its payments', LinkPaymentResponse)
  @ApiErrors(404, 422, 429)
  @UseGuards(ApiKeyGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.status })
  async payments(@CurrentTenant() tenant: Tenant, @Param('id', new UuidOrNotFoundPipe('Payment link')) id: string, @Query('limit') limit: string | undefined) {
    const link = valueOf(await this.links.ofTenant(tenant.id, id));
    const payments = await this.views.payments(tenant.id, link.id, limitParam(limit));
    const told = await this.payerData.open(payments.flatMap((payment) => [payment.payerName, payment.payerPhone].map((stored) => ({ tenantId: tenant.id, stored }))));
    return { success: true, data: payments.map((payment, at) => LinkPaymentResponse.of(payment, { name: told[2 * at], phone: told[2 * at + 1] })) };
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
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), this.clock.now()) };
  }
}
