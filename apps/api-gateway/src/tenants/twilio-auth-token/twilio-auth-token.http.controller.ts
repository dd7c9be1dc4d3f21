import { Body, Controller, Delete, HttpCode, HttpStatus, Inject, Param, Put, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { CLOCK, Clock } from '@pvs/runtime';
import { OperatorGuard } from '../../auth/operator.guard';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { AdminApi, ApiBodyErrors, ApiData, PathParam, Summary } from '../../http/openapi/api-docs';
import { valueOf } from '../../http/refusals';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { TenantChanges } from '../tenant-changes';
import { TenantResponse } from '../tenant.response';
import { SetTwilioAuthTokenRequest } from './twilio-auth-token.request.dto';

/**
 * The tenant's Twilio auth token, with which the X-Twilio-Signature of its Twilio SMS is checked. It is sealed like the
 * webhook secret (encrypted under SECRETS_KEY, bound to the tenant) and never answered: the tenant shows only
 * `twilio_signature_check`.
 */
@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
@PathParam('id', 'The tenant id')
export class TwilioAuthTokenHttpController {
  constructor(
    private readonly changes: TenantChanges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Put(':id/twilio-auth-token')
  @Summary(
    "Give the tenant's Twilio auth token: the X-Twilio-Signature of its Twilio SMS is checked from then on",
    'A Twilio SMS without the signature, or with a wrong one, is then refused 403. Setting it again replaces it. Recorded as TenantTwilioAuthTokenSet, the token encrypted.',
  )
  @ApiData(200, 'The tenant, with twilio_signature_check true; the token is never shown', TenantResponse)
  @ApiBodyErrors()
  @HttpCode(HttpStatus.OK)
  async set(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string, @Body() body: SetTwilioAuthTokenRequest, @Req() request: FastifyRequest) {
    const authToken = this.config.secretBox.seal(body.auth_token, tenantId);
    const { tenant } = valueOf(await this.changes.record(tenantId, request.id, { type: 'SetTwilioAuthToken', authToken, now: this.clock.now() }));
    return { success: true, data: TenantResponse.of(tenant) };
  }

  @Delete(':id/twilio-auth-token')
  @Summary(
    "Remove the tenant's Twilio auth token: Twilio's signature is no longer checked, the gateway secret alone admits its Twilio SMS",
    'Recorded as TenantTwilioAuthTokenCleared; removing a token the tenant does not have changes nothing.',
  )
  @ApiData(200, 'The tenant, with twilio_signature_check false', TenantResponse)
  @HttpCode(HttpStatus.OK)
  async clear(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string, @Req() request: FastifyRequest) {
    const { tenant } = valueOf(await this.changes.record(tenantId, request.id, { type: 'ClearTwilioAuthToken', now: this.clock.now() }));
    return { success: true, data: TenantResponse.of(tenant) };
  }
}
