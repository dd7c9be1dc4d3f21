import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { PROJECTION_STATUSES, ProjectionStatuses } from '@pvs/read-model';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiList, Summary } from '../../http/openapi/api-docs';
import { ProjectionResponse } from '../projection.response';

/** Each projection: its checkpoint, how far it is behind the event log, and its last rebuild. */
@Controller('admin/projections')
@UseGuards(OperatorGuard)
@AdminApi()
export class ListProjectionsHttpController {
  constructor(@Inject(PROJECTION_STATUSES) private readonly statuses: ProjectionStatuses) {}

  @Get()
  @Summary('Each projection: checkpoint, lag behind the event log, last rebuild')
  @ApiList('The projections', ProjectionResponse)
  async list() {
    return { success: true, data: (await this.statuses.all()).map(ProjectionResponse.of) };
  }
}
