import { Body, Controller, HttpCode, HttpStatus, Inject, NotFoundException, Param, Post, UseGuards } from '@nestjs/common';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { DeliveryOutbox } from '@pvs/webhook-deliveries';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { DELIVERY_OUTBOX } from '../delivery-outbox.token';
import { RedeliverFailedRequest } from './redeliver.request.dto';

/**
 * Sends webhooks again, now: one delivery (any but a pending one), or every failed and
 * undeliverable one of a tenant — those without a URL go to the tenant's current webhook_url.
 */
@Controller('admin/webhooks')
@UseGuards(OperatorGuard)
@AdminApi()
@ApiData(200, 'How many deliveries were queued again', schemaRef('RedeliverResult'))
@ApiErrors(404)
export class RedeliverHttpController {
  constructor(
    @Inject(DELIVERY_OUTBOX) private readonly outbox: DeliveryOutbox,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('deliveries/:id/redeliver')
  @Summary('Send one delivery again, now')
  @PathParam('id', 'The delivery id')
  @HttpCode(HttpStatus.OK)
  async one(@Param('id', new UuidOrNotFoundPipe('Delivery')) id: string) {
    const delivery = await this.outbox.find(id);
    if (!delivery) throw new NotFoundException('Delivery not found');
    const fallback = (await this.tenants.find(delivery.tenantId))?.webhookUrl ?? null;
    const redelivered = await this.outbox.redeliver({ id }, fallback, this.clock.now());
    return { success: true, data: { redelivered: redelivered.length } };
  }

  @Post('redeliver')
  @Summary("Send every failed delivery of a tenant again (those without a URL go to the tenant's webhook_url)")
  @ApiBodyErrors()
  @HttpCode(HttpStatus.OK)
  async failedOfTenant(@Body() body: RedeliverFailedRequest) {
    const tenant = await this.tenants.find(body.tenant_id.toLowerCase());
    if (!tenant) throw new NotFoundException('Tenant not found');
    const redelivered = await this.outbox.redeliver({ tenantId: tenant.id }, tenant.webhookUrl, this.clock.now());
    return { success: true, data: { redelivered: redelivered.length } };
  }
}
