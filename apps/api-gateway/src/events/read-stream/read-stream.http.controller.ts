import { Controller, Get, Inject, NotFoundException, Param, Query, UnprocessableEntityException, UseGuards } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { ApiQuery } from '@nestjs/swagger';
import { OperatorGuard } from '../../auth/operator.guard';
import { AdminApi, ApiData, ApiErrors, LimitQuery, PathParam, Summary } from '../../http/openapi/api-docs';
import { intParam, limitParam } from '../../http/query-params';
import { StreamPageResponse } from './stream-page.response';

/** `<category>-<id>`, as every stream is named (payment-<uuid>, tenant-<uuid>, sms-<uuid>, …). */
const STREAM_NAME = /^[a-z]+-[A-Za-z0-9_.:-]{1,200}$/;

/** The events of one stream, in version order, a page at a time. */
@Controller('admin/streams')
@UseGuards(OperatorGuard)
@AdminApi()
export class ReadStreamHttpController {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  @Get(':stream')
  @PathParam('stream', '<category>-<id>', { pattern: STREAM_NAME.source })
  @Summary('Read one stream (payment-<uuid>, tenant-<uuid>, sms-<uuid>, …) in version order')
  @ApiQuery({ name: 'from_version', required: false, schema: { type: 'integer', minimum: 1, maximum: 2147483647, default: 1 } })
  @LimitQuery()
  @ApiData(200, 'A page of the stream', StreamPageResponse)
  @ApiErrors(404, 422)
  async read(@Param('stream') stream: string, @Query('from_version') fromVersion?: string, @Query('limit') limit?: string) {
    if (!STREAM_NAME.test(stream)) throw new UnprocessableEntityException('stream must be named <category>-<id>, e.g. payment-<uuid>');
    const first = intParam('from_version', fromVersion, { min: 1, max: 2 ** 31 - 1, fallback: 1 });
    const pageSize = limitParam(limit);
    const after = await this.events.readStream(stream, first - 1);
    if (after.length === 0 && (first === 1 || (await this.events.readStream(stream)).length === 0)) {
      throw new NotFoundException('Stream not found');
    }
    const page = after.slice(0, pageSize);
    const nextVersion = after.length > pageSize ? page[page.length - 1].streamVersion + 1 : null;
    return { success: true, data: StreamPageResponse.of(stream, page, nextVersion) };
  }
}
