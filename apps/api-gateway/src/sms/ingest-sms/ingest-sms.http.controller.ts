import { Body, Controller, HttpCode, HttpStatus, Post, Req, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { FastifyRequest } from 'fastify';
import { Tenant } from '@pvs/tenants';
import { CurrentTenant } from '../../auth/current-tenant.decorator';
import { SmsIngestCredentialGuard } from '../../auth/sms-ingest-credential.guard';
import { TenantThrottlerGuard } from '../../auth/tenant-throttler.guard';
import { RATE_LIMITS } from '../../rate-limits';
import { readForwardedSms } from './forwarded-sms';
import { IngestOutcome, IngestSmsHandler } from './ingest-sms.handler';

@Controller('sms')
export class IngestSmsHttpController {
  constructor(private readonly handler: IngestSmsHandler) {}

  @Post('ingest')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SmsIngestCredentialGuard, TenantThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.ingest })
  async ingest(@CurrentTenant() tenant: Tenant, @Body() body: Record<string, unknown>, @Req() request: FastifyRequest): Promise<IngestOutcome> {
    const sms = readForwardedSms(body);
    if ('error' in sms) throw new UnprocessableEntityException(sms.error);
    return this.handler.ingest(tenant, sms, request.id);
  }
}
