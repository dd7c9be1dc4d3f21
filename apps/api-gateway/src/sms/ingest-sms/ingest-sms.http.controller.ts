import { Tenant } from '@pvs/domain';
import { Body, Controller, HttpCode, HttpStatus, Post, Req, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiBodyErrors, ApiErrors } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { FastifyRequest } from 'fastify';
import { CurrentTenant } from '../../auth/current-tenant.decorator';
import { SmsIngestCredentialGuard } from '../../auth/sms-ingest-credential.guard';
import { TenantThrottlerGuard } from '../../auth/tenant-throttler.guard';
import { RATE_LIMITS } from '../../rate-limits';
import { readForwardedSms } from './forwarded-sms';
import { forwarderHeader } from '../../forwarders/forwarder-header';
import { HeartbeatOutcome, RecordHeartbeatHandler } from '../../forwarders/record-heartbeat.handler';
import { IngestOutcome, IngestSmsHandler } from './ingest-sms.handler';
import { valueOf } from '../../http/refusals';

@Controller('sms')
export class IngestSmsHttpController {
  constructor(
    private readonly handler: IngestSmsHandler,
    private readonly heartbeats: RecordHeartbeatHandler,
  ) {}

  @Post('ingest')
  @ApiTags('merchants')
  @ApiSecurity('apiKey')
  @ApiSecurity('gatewaySecret')
  @ApiSecurity('gatewaySecretBasic')
  @ApiOperation({
    summary: 'Forward a payment SMS',
    description:
      'Parses the SMS and matches it to a pending intent; the response waits briefly for the decision. Accepts our body or the native webhook of a supported forwarder app (Twilio\'s form fields too, as JSON).',
  })
  @ApiBody({
    schema: {
      oneOf: ['SmsIngestRequest', 'SmsGatewayAppWebhook', 'HttpSmsWebhook', 'SmsToUrlForwarderWebhook', 'TwilioWebhook'].map(schemaRef),
    },
  })
  @ApiResponse({ status: 200, description: 'Parsed; the matching outcome', schema: schemaRef('SmsIngestResult') })
  @ApiBodyErrors()
  @ApiErrors(401, 429)
  @HttpCode(HttpStatus.OK)
  @UseGuards(SmsIngestCredentialGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.ingest })
  async ingest(@CurrentTenant() tenant: Tenant, @Body() body: Record<string, unknown>, @Req() request: FastifyRequest): Promise<IngestOutcome | HeartbeatOutcome> {
    const reading = readForwardedSms(body);
    if ('error' in reading) throw new UnprocessableEntityException(reading.error);
    const header = forwarderHeader(request);
    const named = header === null ? reading : { ...reading, device: header, namedBy: 'header' as const };
    if ('heartbeat' in named) return this.heartbeats.heartbeat(tenant, named, request.id);
    return valueOf(await this.handler.ingest(tenant, named, request.id));
  }
}
