import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, HttpStatus, Inject, NotFoundException, Param, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { WEBHOOK_REDELIVERIES_TOPIC, WebhookRedeliveryMessage } from '@pvs/contracts/messages';
import { Principal } from '@pvs/domain';
import { BUS_TRANSPORT, BusTransport, publishMessage } from '@pvs/messaging';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { DeliveryViews } from '@pvs/webhook-deliveries';
import { CurrentOperator, OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { DELIVERY_VIEWS } from '../delivery-views.token';
import { RedeliverResultResponse } from './redeliver-result.response';
import { RedeliverFailedRequest } from './redeliver.request.dto';

/**
 * Sends webhooks again, now: one delivery (any but a pending one), or every failed and undeliverable one of a
 * tenant — those without a URL go to the tenant's current webhook_url. The outbox is the notifier's: the request
 * goes to it as a command on the bus, answered with how many deliveries it covers as they stand.
 */
@Controller('admin/webhooks')
@UseGuards(OperatorGuard)
@AdminApi()
@ApiData(202, 'How many deliveries the notifier was asked to send again', RedeliverResultResponse)
@ApiErrors(404)
export class RedeliverHttpController {
  constructor(
    @Inject(DELIVERY_VIEWS) private readonly deliveries: DeliveryViews,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(BUS_TRANSPORT) private readonly bus: BusTransport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('deliveries/:id/redeliver')
  @Summary('Send one delivery again, now')
  @PathParam('id', 'The delivery id')
  @HttpCode(HttpStatus.ACCEPTED)
  async one(@Param('id', new UuidOrNotFoundPipe('Delivery')) id: string, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const delivery = await this.deliveries.find(id);
    if (!delivery) throw new NotFoundException('Delivery not found');
    const fallback = (await this.tenants.find(delivery.tenantId))?.webhookUrl ?? null;
    return this.request({ tenantId: delivery.tenantId, deliveryId: id }, fallback, by, request.id);
  }

  @Post('redeliver')
  @Summary("Send every failed delivery of a tenant again (those without a URL go to the tenant's webhook_url)")
  @ApiBodyErrors()
  @HttpCode(HttpStatus.ACCEPTED)
  async failedOfTenant(@Body() body: RedeliverFailedRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const tenant = await this.tenants.find(body.tenant_id.toLowerCase());
    if (!tenant) throw new NotFoundException('Tenant not found');
    return this.request({ tenantId: tenant.id }, tenant.webhookUrl, by, request.id);
  }

  /** Asks the notifier, when there is anything to send (it handles each request once, however often the bus delivers it). */
  private async request(target: { tenantId: string; deliveryId?: string }, fallback: string | null, by: Principal, correlationId: string) {
    const redelivered = await this.deliveries.redeliverable({ id: target.deliveryId, tenantId: target.tenantId }, fallback);
    if (redelivered > 0) {
      const payload: WebhookRedeliveryMessage = { ...target, operator: by.name, metadata: { tenantId: target.tenantId, correlationId }, requestedAt: this.clock.now().toISOString() };
      await publishMessage(this.bus.client, { topic: WEBHOOK_REDELIVERIES_TOPIC, key: target.tenantId, id: randomUUID(), payload });
    }
    return { success: true, data: RedeliverResultResponse.of(redelivered) };
  }
}
