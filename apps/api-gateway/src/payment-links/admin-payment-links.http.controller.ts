import { Body, Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { CLOCK, Clock } from '@pvs/runtime';
import { PaymentLinkViews } from '@pvs/read-model';
import { PAYMENT_LINK_NOT_FOUND, Principal, paymentBlock } from '@pvs/domain';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { CurrentOperator, OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, ApiList, LimitQuery, PathParam, Summary, UuidQuery } from '../http/openapi/api-docs';
import { RefusedError, valueOf } from '../http/refusals';
import { UuidOrNotFoundPipe } from '../http/uuid-or-not-found.pipe';
import { CreatePaymentLinkHandler } from './create-payment-link/create-payment-link.handler';
import { CreateTenantPaymentLinkRequest } from './create-payment-link/create-payment-link.request.dto';
import { DisablePaymentLinkHandler } from './disable-payment-link/disable-payment-link.handler';
import { PaymentLinkReader } from './payment-link-reader';
import { limitParam, optionalUuidParam } from '../http/query-params';
import { ListedPaymentLinkResponse, PaymentLinkResponse } from './payment-link.response';
import { PAYMENT_LINK_VIEWS } from './payment-links.http.controller';
import { PublicOrigin } from './public-origin';
import { PageViews } from './pay-page/page-views';

/** Every tenant's payment links, for operators: created for a tenant, listed with what each took and verified, disabled. */
@Controller('admin/payment-links')
@UseGuards(OperatorGuard)
@AdminApi()
export class AdminPaymentLinksHttpController {
  constructor(
    @Inject(PAYMENT_LINK_VIEWS) private readonly views: PaymentLinkViews,
    private readonly pageViews: PageViews,
    private readonly origin: PublicOrigin,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly creation: CreatePaymentLinkHandler,
    private readonly disabling: DisablePaymentLinkHandler,
    private readonly links: PaymentLinkReader,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
  ) {}

  @Post()
  @Summary('Create a payment link for a tenant', 'As the tenant would with POST /payment-links; recorded under the operator\'s name.')
  @ApiData(201, 'Created', PaymentLinkResponse)
  @ApiBodyErrors()
  @ApiErrors(402, 404)
  @HttpCode(HttpStatus.CREATED)
  async create(@Body() body: CreateTenantPaymentLinkRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const tenant = await this.tenants.find(body.tenant_id);
    if (!tenant) throw new RefusedError({ kind: 'not_found', message: 'Tenant not found' });
    const blocked = paymentBlock(tenant);
    if (blocked) throw new HttpException(blocked, HttpStatus.PAYMENT_REQUIRED);
    const link = valueOf(await this.creation.create(tenant, body, `operator:${by.name}`, request.id));
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), this.clock.now()) };
  }

  @Get(':id')
  @Summary('Read a payment link', 'Any tenant\'s, as it stands now.')
  @PathParam('id', 'The link id; anything else is a 404')
  @ApiData(200, 'The link', PaymentLinkResponse)
  async show(@Param('id', new UuidOrNotFoundPipe('Payment link')) id: string, @Req() request: FastifyRequest) {
    const link = await this.links.byId(id);
    if (!link) throw new RefusedError({ kind: 'not_found', message: PAYMENT_LINK_NOT_FOUND });
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), this.clock.now()) };
  }

  @Post(':id/disable')
  @Summary('Disable a payment link', 'Its page takes no more payments, at once; recorded under the operator\'s name.')
  @PathParam('id', 'The link id; anything else is a 404')
  @ApiData(200, 'Disabled', PaymentLinkResponse)
  @HttpCode(HttpStatus.OK)
  async disable(@Param('id', new UuidOrNotFoundPipe('Payment link')) id: string, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const found = await this.links.byId(id);
    if (!found) throw new RefusedError({ kind: 'not_found', message: PAYMENT_LINK_NOT_FOUND });
    const link = valueOf(await this.disabling.disable(found.tenantId, id, `operator:${by.name}`, request.id));
    return { success: true, data: PaymentLinkResponse.of(link, this.origin.of(request), this.clock.now()) };
  }

  @Get()
  @Summary('List payment links', 'Newest first, with their uses and verified payments.')
  @UuidQuery('tenant_id', 'Only this tenant')
  @LimitQuery()
  @ApiList('The links', ListedPaymentLinkResponse)
  @ApiErrors(422)
  async list(@Query('tenant_id') tenantId: string | undefined, @Query('limit') limit: string | undefined, @Req() request: FastifyRequest) {
    const links = await this.views.list({ tenantId: optionalUuidParam('tenant_id', tenantId), limit: limitParam(limit) });
    const opens = await this.pageViews.of(links.map((link) => link.linkId));
    const now = this.clock.now();
    return { success: true, data: links.map((link) => ListedPaymentLinkResponse.ofListed(link, opens.get(link.linkId), this.origin.of(request), now)) };
  }
}
