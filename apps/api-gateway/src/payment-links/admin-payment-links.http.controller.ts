import { Controller, Get, Inject, Query, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { PaymentLinkViews } from '@pvs/read-model';
import { OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiErrors, ApiList, LimitQuery, Summary, UuidQuery } from '../http/openapi/api-docs';
import { limitParam, optionalUuidParam } from '../http/query-params';
import { ListedPaymentLinkResponse } from './payment-link.response';
import { PAYMENT_LINK_VIEWS } from './payment-links.http.controller';
import { PublicOrigin } from './public-origin';

/** Every tenant's payment links, for operators: what each took and how much of it was verified. */
@Controller('admin/payment-links')
@UseGuards(OperatorGuard)
@AdminApi()
export class AdminPaymentLinksHttpController {
  constructor(
    @Inject(PAYMENT_LINK_VIEWS) private readonly views: PaymentLinkViews,
    private readonly origin: PublicOrigin,
  ) {}

  @Get()
  @Summary('List payment links', 'Newest first, with their uses and verified payments.')
  @UuidQuery('tenant_id', 'Only this tenant')
  @LimitQuery()
  @ApiList('The links', ListedPaymentLinkResponse)
  @ApiErrors(422)
  async list(@Query('tenant_id') tenantId: string | undefined, @Query('limit') limit: string | undefined, @Req() request: FastifyRequest) {
    const links = await this.views.list({ tenantId: optionalUuidParam('tenant_id', tenantId), limit: limitParam(limit) });
    const now = new Date();
    return { success: true, data: links.map((link) => ListedPaymentLinkResponse.ofListed(link, this.origin.of(request), now)) };
  }
}
