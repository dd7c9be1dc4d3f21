import { Controller, Get, Inject, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import { DELIVERY_STATUSES, DeliveryViews } from '@pvs/webhook-deliveries';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, ApiList, ChoiceQuery, LimitQuery, PathParam, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { limitParam, optionalChoiceParam, optionalUuidParam } from '../../http/query-params';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { DELIVERY_VIEWS } from '../delivery-views.token';
import { FailingEndpointResponse, WebhookDeliveryDetailResponse, WebhookDeliveryResponse } from './webhook-delivery.response';

/** The webhook delivery log for operators. */
@Controller('admin/webhooks')
@UseGuards(OperatorGuard)
@AdminApi()
export class ListDeliveriesHttpController {
  constructor(@Inject(DELIVERY_VIEWS) private readonly deliveries: DeliveryViews) {}

  @Get('deliveries')
  @Summary('Webhook deliveries, newest first')
  @ChoiceQuery('status', DELIVERY_STATUSES)
  @UuidQuery('tenant_id', 'Only this tenant')
  @UuidQuery('transaction_uuid', 'Only this payment')
  @LimitQuery()
  @ApiList('The deliveries', WebhookDeliveryResponse)
  @ApiErrors(422)
  async list(
    @Query('status') status?: string,
    @Query('tenant_id') tenantId?: string,
    @Query('transaction_uuid') paymentId?: string,
    @Query('limit') limit?: string,
  ) {
    const listed = await this.deliveries.list({
      status: optionalChoiceParam('status', status, DELIVERY_STATUSES),
      tenantId: optionalUuidParam('tenant_id', tenantId),
      paymentId: optionalUuidParam('transaction_uuid', paymentId),
      limit: limitParam(limit),
    });
    return { success: true, data: listed.map(WebhookDeliveryResponse.of) };
  }

  @Get('deliveries/:id')
  @Summary('One delivery with its body and every attempt')
  @PathParam('id', 'The delivery id (the webhook-id header)')
  @ApiData(200, 'The delivery', WebhookDeliveryDetailResponse)
  @ApiErrors(404)
  async show(@Param('id', new UuidOrNotFoundPipe('Delivery')) id: string) {
    const delivery = await this.deliveries.find(id);
    if (!delivery) throw new NotFoundException('Delivery not found');
    return { success: true, data: WebhookDeliveryDetailResponse.withAttempts(delivery, await this.deliveries.attempts(id)) };
  }

  @Get('endpoints')
  @Summary('Webhook endpoints that are failing or disabled')
  @LimitQuery()
  @ApiList('The endpoints', FailingEndpointResponse)
  @ApiErrors(422)
  async endpoints(@Query('limit') limit?: string) {
    return { success: true, data: (await this.deliveries.failingEndpoints(limitParam(limit))).map(FailingEndpointResponse.of) };
  }
}
