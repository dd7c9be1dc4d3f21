import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, Summary } from '../../http/openapi/api-docs';
import { RegisterTenantHandler } from './register-tenant.handler';
import { RegisterTenantRequest } from './register-tenant.request.dto';
import { TenantWithSecretsResponse } from './tenant-with-secrets.response';

@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
export class RegisterTenantHttpController {
  constructor(private readonly handler: RegisterTenantHandler) {}

  @Post()
  @Summary('Create a merchant; its API key, webhook secret and gateway secret are shown once')
  @ApiData(201, 'The tenant with its secrets', TenantWithSecretsResponse)
  @ApiBodyErrors()
  @HttpCode(HttpStatus.CREATED)
  async register(@Body() body: RegisterTenantRequest, @Req() request: FastifyRequest) {
    return { success: true, data: TenantWithSecretsResponse.ofRegistered(await this.handler.register(body, request.id)) };
  }
}
