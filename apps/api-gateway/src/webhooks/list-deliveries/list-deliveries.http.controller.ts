import { Controller, Get, Inject, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import { DELIVERY_STATUSES, Delivery, DeliveryViews } from '@pvs/webhook-deliveries';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, ApiList, ChoiceQuery, LimitQuery, PathParam, Summary, UuidQuery } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { limitParam, optionalChoiceParam, optionalUuidParam } from '../../http/query-params';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { DELIVERY_VIEWS } from '../delivery-views.token';

export function deliveryResponse(delivery: Delivery) {
  return {
    id: delivery.id,
    tenant_id: delivery.tenantId,
    transaction_uuid: delivery.paymentId,
    event: delivery.event,
    url: delivery.url,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    created_at: delivery.createdAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
  };
}

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
  @ApiList('The deliveries', schemaRef('WebhookDelivery'))
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
    return { success: true, data: listed.map(deliveryResponse) };
  }

  @Get('deliveries/:id')
  @Summary('One delivery with its body and every attempt')
  @PathParam('id', 'The delivery id (the webhook-id header)')
  @ApiData(200, 'The delivery', {
    allOf: [
      schemaRef('WebhookDelivery'),
      {
        type: 'object',
        required: ['body', 'attempts_log'],
        properties: { body: { type: 'string', description: 'the exact bytes sent and signed' }, attempts_log: { type: 'array', items: schemaRef('WebhookAttempt') } },
      },
    ],
  })
  @ApiErrors(404)
  async show(@Param('id', new UuidOrNotFoundPipe('Delivery')) id: string) {
    const delivery = await this.deliveries.find(id);
    if (!delivery) throw new NotFoundException('Delivery not found');
    const attempts = await this.deliveries.attempts(id);
    return {
      success: true,
      data: {
        ...deliveryResponse(delivery),
        body: delivery.body,
        attempts_log: attempts.map((attempt) => ({
          attempt: attempt.attempt,
          started_at: attempt.startedAt.toISOString(),
          duration_ms: attempt.durationMs,
          status_code: attempt.statusCode,
          error: attempt.error,
          outcome: attempt.outcome,
          next_attempt_at: attempt.nextAttemptAt?.toISOString() ?? null,
        })),
      },
    };
  }

  @Get('endpoints')
  @Summary('Webhook endpoints that are failing or disabled')
  @LimitQuery()
  @ApiList('The endpoints', schemaRef('FailingEndpoint'))
  @ApiErrors(422)
  async endpoints(@Query('limit') limit?: string) {
    const failing = await this.deliveries.failingEndpoints(limitParam(limit));
    return {
      success: true,
      data: failing.map((endpoint) => ({
        origin: endpoint.origin,
        consecutive_failures: endpoint.consecutiveFailures,
        failing_since: endpoint.failingSince?.toISOString() ?? null,
        disabled_at: endpoint.disabledAt?.toISOString() ?? null,
      })),
    };
  }
}
