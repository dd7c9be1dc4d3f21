import { Controller, Get, Query, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import { isCheckpoint } from '@pvs/event-store';
import { ApiQuery } from '@nestjs/swagger';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, LimitQuery, Summary } from '../../http/openapi/api-docs';
import { intParam, limitParam } from '../../http/query-params';
import { EventLogPageResponse } from './event-log-page.response';
import { ReadEventLogHandler } from './read-event-log.handler';

const MAX_WAIT_MS = 30_000;

/**
 * The global log after a checkpoint, for operators following it live: pass `next` back as
 * `after`; with `wait_ms` the request is held until at least one event exists (long polling).
 */
@Controller('admin/events')
@UseGuards(OperatorGuard)
@AdminApi()
export class ReadEventLogHttpController {
  constructor(private readonly handler: ReadEventLogHandler) {}

  @Get()
  @Summary('Every event after a checkpoint, in commit order; long-polls with wait_ms')
  @ApiQuery({ name: 'after', required: false, description: 'a checkpoint returned as `next`; the start of the log when left out', schema: { type: 'string', pattern: '^0{0,2}[0-9]{1,18}:0{0,2}[0-9]{1,18}$' } })
  @LimitQuery()
  @ApiQuery({ name: 'wait_ms', required: false, schema: { type: 'integer', minimum: 0, maximum: MAX_WAIT_MS, default: 0 } })
  @ApiData(200, 'The events and the checkpoint to continue from', EventLogPageResponse)
  @ApiErrors(422)
  async read(@Query('after') after?: string, @Query('limit') limit?: string, @Query('wait_ms') waitMs?: string) {
    if (after !== undefined && !isCheckpoint(after)) throw new UnprocessableEntityException('after must be a checkpoint, as returned in next');
    const events = await this.handler.read(after ?? null, limitParam(limit), intParam('wait_ms', waitMs, { min: 0, max: MAX_WAIT_MS, fallback: 0 }));
    return { success: true, data: EventLogPageResponse.of(events, after ?? null) };
  }
}
