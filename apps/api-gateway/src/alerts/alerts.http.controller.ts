import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ALERT_KINDS, alertStream } from '@pvs/contracts';
import { Principal, alertDecider } from '@pvs/domain';
import { EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { ALERTS_PROJECTION, ALERT_STATES, AlertViews, ReadModelPosition } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';
import { CurrentOperator, OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, ApiList, ChoiceQuery, LimitQuery, PathParam, Summary, UuidQuery } from '../http/openapi/api-docs';
import { limitParam, optionalChoiceParam, optionalUuidParam } from '../http/query-params';
import { RefusedError } from '../http/refusals';
import { UuidOrNotFoundPipe } from '../http/uuid-or-not-found.pipe';
import { READ_MODEL_POSITION } from '../projections/read-model-position.provider';
import { AcknowledgeAlertRequest } from './acknowledge-alert.request.dto';
import { AlertResponse } from './alert.response';

export const ALERT_VIEWS = Symbol('ALERT_VIEWS');
/** How long an acknowledgement waits to be shown by the alerts list (it is recorded either way). */
const SHOWN_WAIT_MS = 2_000;

const ALERT_NOT_FOUND = 'Alert not found';

/** What needs a person's eye: phones silent while money is awaited, SMS the balances say are missing, stalled payments, reviews. */
@Controller('admin/alerts')
@UseGuards(OperatorGuard)
@AdminApi()
export class AlertsHttpController {
  constructor(
    @Inject(ALERT_VIEWS) private readonly views: AlertViews,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODEL_POSITION) private readonly readModel: ReadModelPosition,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @Summary('Alerts, newest first')
  @UuidQuery('tenant_id', 'Only this tenant')
  @ChoiceQuery('kind', ALERT_KINDS, 'Only this kind')
  @ChoiceQuery('state', ALERT_STATES, '`open` (default): not cleared; `unacknowledged`: open and nobody owns it; `cleared`; `all`')
  @LimitQuery()
  @ApiList('The alerts', AlertResponse)
  @ApiErrors(422)
  async list(@Query('tenant_id') tenantId?: string, @Query('kind') kind?: string, @Query('state') state?: string, @Query('limit') limit?: string) {
    const rows = await this.views.list({
      tenantId: optionalUuidParam('tenant_id', tenantId),
      kind: optionalChoiceParam('kind', kind, ALERT_KINDS),
      state: optionalChoiceParam('state', state, ALERT_STATES) ?? 'open',
      limit: limitParam(limit),
    });
    return { success: true, data: rows.map(AlertResponse.of) };
  }

  @Post(':id/acknowledge')
  @Summary("Acknowledge an alert: recorded under the operator's name, once")
  @PathParam('id', 'The alert id')
  @ApiData(200, 'The alert, acknowledged', AlertResponse)
  @ApiBodyErrors()
  @HttpCode(HttpStatus.OK)
  async acknowledge(@Param('id', new UuidOrNotFoundPipe('Alert')) id: string, @Body() body: AcknowledgeAlertRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    const alert = await this.views.find(id);
    if (!alert) throw new RefusedError({ kind: 'not_found', message: ALERT_NOT_FOUND });
    const command = { alertId: id, tenantId: alert.tenantId, kind: alert.kind, by, note: body.note ?? null, now: this.clock.now() };
    const acknowledged = await handleCommand(this.events, alertStream(id), alertDecider, command, { metadata: { tenantId: alert.tenantId, correlationId: request.id } });
    // A list read right after the answer shows what the answer says (within a bound; the answer is the record).
    if (acknowledged.ok && acknowledged.checkpoint !== null) await this.readModel.waitFor([ALERTS_PROJECTION], acknowledged.checkpoint, SHOWN_WAIT_MS);
    const recorded = acknowledged.ok ? acknowledged.state : null;
    return {
      success: true,
      data: AlertResponse.of(recorded ? { ...alert, acknowledgedAt: new Date(recorded.acknowledgedAt), acknowledgedBy: recorded.acknowledgedBy, note: recorded.note } : alert),
    };
  }
}
