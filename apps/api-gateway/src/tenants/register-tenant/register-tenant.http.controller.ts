import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, Summary } from '../../http/openapi/api-docs';
import { schemaRef } from '../../http/openapi/schemas';
import { tenantResponse } from '../tenant-fields';
import { RegisterTenantHandler } from './register-tenant.handler';
import { RegisterTenantRequest } from './register-tenant.request.dto';

@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
export class RegisterTenantHttpController {
  constructor(private readonly handler: RegisterTenantHandler) {}

  @Post()
  @Summary('Create a merchant; its API key, webhook secret and gateway secret are shown once')
  @ApiData(201, 'The tenant with its secrets', schemaRef('TenantWithSecrets'))
  @ApiBodyErrors()
  @HttpCode(HttpStatus.CREATED)
  async register(@Body() body: RegisterTenantRequest, @Req() request: FastifyRequest) {
    const { tenant, secrets } = await this.handler.register(body, request.id);
    return {
      success: true,
      data: {
        ...tenantResponse(tenant),
        api_key: secrets.apiKey,
        webhook_secret: secrets.webhookSecret,
        gateway_secret: secrets.gatewaySecret,
      },
    };
  }
}
