import { Body, Controller, HttpCode, HttpStatus, Inject, NotFoundException, Param, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { TENANT_WEBHOOK_SECRET_ROTATED, TenantWebhookSecretRotatedData, tenantStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory, foldTenant, issueWebhookSecret } from '@pvs/tenants';
import { AdminTokenGuard } from '../../auth/admin-token.guard';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { DEFAULT_OVERLAP_SECONDS, RotateWebhookSecretRequest } from './rotate-webhook-secret.request.dto';

/**
 * A new webhook signing secret, shown once. During the overlap both secrets sign (Standard
 * Webhooks carries both signatures); X-Service-Signature uses the new one at once.
 */
@Controller('admin/tenants')
@UseGuards(AdminTokenGuard)
export class RotateWebhookSecretHttpController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post(':id/rotate-webhook-secret')
  @HttpCode(HttpStatus.OK)
  async rotate(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string, @Body() body: RotateWebhookSecretRequest, @Req() request: FastifyRequest) {
    const history = await this.events.readStream(tenantStream(tenantId));
    const tenant = foldTenant(history);
    if (!tenant) throw new NotFoundException('Tenant not found');
    const now = this.clock.now();
    const secret = issueWebhookSecret();
    const previousValidUntil = new Date(now.getTime() + (body.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS) * 1000).toISOString();
    const data: TenantWebhookSecretRotatedData = {
      tenantId,
      webhookSecret: this.config.secretBox.seal(secret),
      previousWebhookSecret: tenant.webhookSecret,
      previousValidUntil,
      rotatedAt: now.toISOString(),
    };
    const { checkpoint } = await this.events.append(
      tenantStream(tenantId),
      [{ type: TENANT_WEBHOOK_SECRET_ROTATED, data, metadata: { tenantId, correlationId: request.id } }],
      tenant.version,
    );
    await this.tenants.waitFor(checkpoint);
    return { success: true, data: { id: tenantId, webhook_secret: secret, previous_secret_valid_until: previousValidUntil } };
  }
}
