import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, Summary } from '../../http/openapi/api-docs';
import { ReparseResultResponse } from './reparse-result.response';
import { ReparseSmsHandler } from './reparse-sms.handler';
import { ReparseSmsRequest } from './reparse-sms.request.dto';

@Controller('admin/sms')
@UseGuards(OperatorGuard)
@AdminApi()
export class ReparseSmsHttpController {
  constructor(private readonly handler: ReparseSmsHandler) {}

  @Post('reparse')
  @Summary('Parse the rejected SMS again (after adding a template or a sender)')
  @ApiData(200, 'How many were examined and how many a template now reads', ReparseResultResponse)
  @ApiBodyErrors()
  @HttpCode(HttpStatus.OK)
  async reparse(@Body() body: ReparseSmsRequest, @Req() request: FastifyRequest) {
    return { success: true, data: ReparseResultResponse.of(await this.handler.reparse(body.tenant_id, request.id)) };
  }
}
