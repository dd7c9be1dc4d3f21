import { Controller, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, PathParam, Summary } from '../../http/openapi/api-docs';
import { ProjectionResponse } from '../projection.response';
import { RequestRebuildHandler } from './request-rebuild.handler';
import { valueOf } from '../../http/refusals';

@Controller('admin/projections')
@UseGuards(OperatorGuard)
@AdminApi()
export class RequestRebuildHttpController {
  constructor(private readonly handler: RequestRebuildHandler) {}

  /** 202: recorded; the projector rebuilds in the background, GET /admin/projections shows its progress. */
  @Post(':name/rebuild')
  @Summary('Rebuild a projection online: replayed into fresh tables while the old ones serve, then switched atomically')
  @PathParam('name', 'The projection name, as listed')
  @ApiData(202, 'Recorded; GET /admin/projections shows the progress', ProjectionResponse)
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.ACCEPTED)
  async rebuild(@Param('name') name: string, @Req() request: FastifyRequest) {
    return { success: true, data: ProjectionResponse.of(valueOf(await this.handler.request(name, request.id))) };
  }
}
