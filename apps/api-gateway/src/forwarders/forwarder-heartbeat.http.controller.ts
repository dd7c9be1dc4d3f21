import { Tenant } from '@pvs/domain';
import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { CurrentTenant } from '../auth/current-tenant.decorator';
import { SmsIngestCredentialGuard } from '../auth/sms-ingest-credential.guard';
import { TenantThrottlerGuard } from '../auth/tenant-throttler.guard';
import { ApiBodyErrors, ApiData, ApiErrors } from '../http/openapi/api-docs';
import { RATE_LIMITS } from '../rate-limits';
import { RecordHeartbeatHandler } from './record-heartbeat.handler';
import { forwarderHeader } from './forwarder-header';
import { HeartbeatRequest } from './heartbeat.request.dto';
import { HeartbeatResponse } from './heartbeat.response';

/** Heartbeats of forwarders whose app sends none of its own; apps that do post theirs where they post SMS. */
@Controller('forwarders')
export class ForwarderHeartbeatHttpController {
  constructor(private readonly handler: RecordHeartbeatHandler) {}

  @Post('heartbeat')
  @ApiTags('merchants')
  @ApiSecurity('apiKey')
  @ApiSecurity('gatewaySecret')
  @ApiSecurity('gatewaySecretBasic')
  @ApiOperation({
    summary: 'Say a forwarding phone is alive',
    description: 'The phone is the one `X-Forwarder-Id` names (as on its SMS), or the tenant\'s one unnamed phone without it.',
  })
  @ApiData(200, 'Recorded', HeartbeatResponse)
  @ApiBodyErrors()
  @ApiErrors(401, 429)
  @HttpCode(HttpStatus.OK)
  @UseGuards(SmsIngestCredentialGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.ingest })
  async beat(@CurrentTenant() tenant: Tenant, @Body() body: HeartbeatRequest, @Req() request: FastifyRequest) {
    const device = forwarderHeader(request);
    const beat = { heartbeat: body.status ?? 'online', at: body.at ?? null, source: 'native', device, namedBy: device === null ? 'payload' : 'header' } as const;
    return { success: true, data: HeartbeatResponse.of(beat.heartbeat, await this.handler.heartbeat(tenant, beat, request.id)) };
  }
}
