import { Tenant } from '@pvs/domain';
import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiBody, ApiExtraModels, ApiOperation, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiBodyErrors, ApiErrors } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentTenant } from '../../auth/current-tenant.decorator';
import { SmsIngestCredentialGuard } from '../../auth/sms-ingest-credential.guard';
import { TenantThrottlerGuard } from '../../auth/tenant-throttler.guard';
import { RATE_LIMITS } from '../../rate-limits';
import { readForwardedSms } from './forwarded-sms';
import { forwarderHeader } from '../../forwarders/forwarder-header';
import { HeartbeatResponse } from '../../forwarders/heartbeat.response';
import { RecordHeartbeatHandler } from '../../forwarders/record-heartbeat.handler';
import { IngestSmsHandler } from './ingest-sms.handler';
import { IngestSmsResponse } from './ingest-sms.response';
import { ErrorResponse } from '../../http/api-error';
import { valueOf } from '../../http/refusals';
import { EMPTY_TWIML, answerTwilio, isTwilioRequest } from './twilio-request';
import { TwilioSignatureGuard } from './twilio-signature.guard';

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
      'Parses the SMS and matches it to a pending intent; the response waits briefly for the decision. Accepts our body or the native webhook of a supported forwarder app. ' +
      "Twilio's webhook (form-encoded, with MessageSid or AccountSid, or any request with X-Twilio-Signature) is answered with empty TwiML whatever the SMS turned out to be, " +
      "and its X-Twilio-Signature is checked when the tenant has given its Twilio auth token (403 when missing or wrong).",
  })
  @ApiBody({
    schema: {
      oneOf: ['SmsIngestRequest', 'SmsGatewayAppWebhook', 'SmsGatewayAppPing', 'HttpSmsWebhook', 'HttpSmsHeartbeat', 'SmsToUrlForwarderWebhook', 'TwilioWebhook'].map(schemaRef),
    },
  })
  @ApiExtraModels(IngestSmsResponse, HeartbeatResponse)
  @ApiResponse({
    status: 200,
    description: "Parsed; the matching outcome (to Twilio: empty TwiML, the outcome is recorded all the same). A forwarder app's heartbeat: what was recorded",
    content: {
      'application/json': { schema: { oneOf: [{ $ref: getSchemaPath(IngestSmsResponse) }, { $ref: getSchemaPath(HeartbeatResponse) }] } },
      'text/xml': { schema: { type: 'string', enum: [EMPTY_TWIML] } },
    },
  })
  @ApiResponse({ status: 403, description: "Twilio's signature missing or wrong, for a tenant that gave its Twilio auth token", type: ErrorResponse })
  @ApiBodyErrors()
  @ApiErrors(401, 429)
  @HttpCode(HttpStatus.OK)
  @UseGuards(SmsIngestCredentialGuard, TwilioSignatureGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.ingest })
  async ingest(
    @CurrentTenant() tenant: Tenant,
    @Body() body: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IngestSmsResponse | HeartbeatResponse | string> {
    const reading = readForwardedSms(body);
    // A malformed body is a 4xx even from Twilio: it shows in Twilio's debugger with our reason, where an operator looks.
    if ('error' in reading) throw new UnprocessableEntityException(reading.error);
    const header = forwarderHeader(request);
    const named = header === null ? reading : { ...reading, device: header, namedBy: 'header' as const };
    if ('heartbeat' in named) return HeartbeatResponse.of(named.heartbeat, await this.heartbeats.heartbeat(tenant, named, request.id));
    const outcome = await this.handler.ingest(tenant, named, request.id);
    // Twilio wants TwiML, and reads any 4xx as its error 11200: a non-payment SMS is recorded, not Twilio's fault.
    if (isTwilioRequest(request)) return answerTwilio(reply);
    return IngestSmsResponse.of(valueOf(outcome));
  }
}
