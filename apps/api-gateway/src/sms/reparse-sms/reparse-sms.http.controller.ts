import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { AdminTokenGuard } from '../../auth/admin-token.guard';
import { ReparseSmsHandler } from './reparse-sms.handler';
import { ReparseSmsRequest } from './reparse-sms.request.dto';

@Controller('admin/sms')
@UseGuards(AdminTokenGuard)
export class ReparseSmsHttpController {
  constructor(private readonly handler: ReparseSmsHandler) {}

  @Post('reparse')
  @HttpCode(HttpStatus.OK)
  async reparse(@Body() body: ReparseSmsRequest, @Req() request: FastifyRequest) {
    return { success: true, data: await this.handler.reparse(body.tenant_id, request.id) };
  }
}
