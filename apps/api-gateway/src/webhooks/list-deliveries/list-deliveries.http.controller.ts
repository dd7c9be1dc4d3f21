import { Controller, Get, Inject, NotFoundException, Param, Query, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import { DELIVERY_STATUSES, Delivery, DeliveryOutbox, DeliveryStatus } from '@pvs/webhook-deliveries';
import { AdminTokenGuard } from '../../auth/admin-token.guard';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { DELIVERY_OUTBOX } from '../delivery-outbox.token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
@UseGuards(AdminTokenGuard)
export class ListDeliveriesHttpController {
  constructor(@Inject(DELIVERY_OUTBOX) private readonly outbox: DeliveryOutbox) {}

  @Get('deliveries')
  async list(
    @Query('status') status?: string,
    @Query('tenant_id') tenantId?: string,
    @Query('transaction_uuid') paymentId?: string,
    @Query('limit') limit = '100',
  ) {
    if (status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(status)) {
      throw new UnprocessableEntityException(`status must be one of: ${DELIVERY_STATUSES.join(', ')}`);
    }
    for (const [name, value] of [['tenant_id', tenantId], ['transaction_uuid', paymentId]] as const) {
      if (value !== undefined && !UUID.test(value)) throw new UnprocessableEntityException(`${name} must be a UUID`);
    }
    if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000) throw new UnprocessableEntityException('limit must be 1 to 1000');
    const deliveries = await this.outbox.list({ status: status as DeliveryStatus | undefined, tenantId, paymentId, limit: Number(limit) });
    return { success: true, data: deliveries.map(deliveryResponse) };
  }

  @Get('deliveries/:id')
  async show(@Param('id', new UuidOrNotFoundPipe('Delivery')) id: string) {
    const delivery = await this.outbox.find(id);
    if (!delivery) throw new NotFoundException('Delivery not found');
    const attempts = await this.outbox.attempts(id);
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
  async endpoints() {
    const failing = await this.outbox.failingEndpoints(100);
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
