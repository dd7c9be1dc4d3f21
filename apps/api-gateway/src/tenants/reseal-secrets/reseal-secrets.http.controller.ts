import { Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, Summary } from '../../http/openapi/api-docs';
import { ResealSecretsHandler } from './reseal-secrets.handler';
import { ResealSecretsResponse } from './reseal-secrets.response';

@Controller('admin/secrets')
@UseGuards(OperatorGuard)
@AdminApi()
export class ResealSecretsHttpController {
  constructor(private readonly handler: ResealSecretsHandler) {}

  @Post('reseal')
  @Summary(
    'Seal every webhook secret and Twilio auth token again under the current SECRETS_KEY',
    'The second step of a secrets key rotation: start every process with the new key in SECRETS_KEY and the old one in SECRETS_PREVIOUS_KEYS, call this, then drop the old key. Each tenant changed is recorded as TenantWebhookSecretResealed (and TenantTwilioAuthTokenResealed when it has a Twilio auth token); the secrets themselves stay the same.',
  )
  @ApiData(200, 'What was sealed again', ResealSecretsResponse)
  @HttpCode(HttpStatus.OK)
  async reseal(@Req() request: FastifyRequest) {
    return { success: true, data: ResealSecretsResponse.of(await this.handler.reseal(request.id)) };
  }
}
