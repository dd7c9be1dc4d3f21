import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { CLOCK, Clock } from '@pvs/runtime';
import { issueWebhookSecret } from '@pvs/tenants';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { TenantChanges } from '../tenant-changes';
import { DEFAULT_OVERLAP_SECONDS, RotateWebhookSecretRequest } from './rotate-webhook-secret.request.dto';
import { RotatedWebhookSecretResponse } from './rotated-webhook-secret.response';
import { valueOf } from '../../http/refusals';

/**
 * A new webhook signing secret, shown once. During the overlap both secrets sign (Standard
 * Webhooks carries both signatures); X-Service-Signature uses the new one at once.
 */
@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
export class RotateWebhookSecretHttpController {
  constructor(
    private readonly changes: TenantChanges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post(':id/rotate-webhook-secret')
  @Summary('Issue a new webhook signing secret (shown once); the previous one keeps signing beside it for overlap_seconds')
  @PathParam('id', 'The tenant id')
  @ApiData(200, 'The new secret', RotatedWebhookSecretResponse)
  @ApiBodyErrors()
  @ApiErrors(404)
  @HttpCode(HttpStatus.OK)
  async rotate(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string, @Body() body: RotateWebhookSecretRequest, @Req() request: FastifyRequest) {
    const now = this.clock.now();
    const secret = issueWebhookSecret();
    const previousValidUntil = new Date(now.getTime() + (body.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS) * 1000).toISOString();
    const webhookSecret = this.config.secretBox.seal(secret, tenantId);
    valueOf(await this.changes.record(tenantId, request.id, { type: 'RotateWebhookSecret', webhookSecret, previousValidUntil, now }));
    return { success: true, data: RotatedWebhookSecretResponse.of(tenantId, secret, previousValidUntil) };
  }
}
