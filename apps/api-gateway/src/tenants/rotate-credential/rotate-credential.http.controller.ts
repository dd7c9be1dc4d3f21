import { Controller, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { UuidOrNotFoundPipe } from '../../http/uuid-or-not-found.pipe';
import { RotateCredentialHandler } from './rotate-credential.handler';
import { TenantWithApiKeyResponse, TenantWithGatewaySecretResponse } from './rotated-credential.response';
import { valueOf } from '../../http/refusals';

/** A new API key or gateway secret, shown once; the old one stops working at once. */
@Controller('admin/tenants')
@UseGuards(OperatorGuard)
@AdminApi()
@PathParam('id', 'The tenant id')
@ApiErrors(404)
export class RotateCredentialHttpController {
  constructor(private readonly handler: RotateCredentialHandler) {}

  @Post(':id/rotate-api-key')
  @Summary('Issue a new API key (shown once); the old one stops working at once')
  @ApiData(200, 'The tenant and its new key', TenantWithApiKeyResponse)
  @HttpCode(HttpStatus.OK)
  async rotateApiKey(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string, @Req() request: FastifyRequest) {
    return { success: true, data: TenantWithApiKeyResponse.ofRotated(valueOf(await this.handler.rotate(tenantId, 'api_key', request.id))) };
  }

  @Post(':id/rotate-gateway-secret')
  @Summary('Issue a new gateway secret for SMS forwarders (shown once); the old one stops working at once')
  @ApiData(200, 'The tenant and its new secret', TenantWithGatewaySecretResponse)
  @HttpCode(HttpStatus.OK)
  async rotateGatewaySecret(@Param('id', new UuidOrNotFoundPipe('Tenant')) tenantId: string, @Req() request: FastifyRequest) {
    return { success: true, data: TenantWithGatewaySecretResponse.ofRotated(valueOf(await this.handler.rotate(tenantId, 'gateway_secret', request.id))) };
  }
}
