import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { FORWARDER_NOT_FOUND, Forwarder, ForwarderCommand, ForwarderHandle, Principal, Result, forwarderIdOf, refused, succeed } from '@pvs/domain';
import { TENANT_DIRECTORY, TenantDirectory, issueCredential } from '@pvs/tenants';
import { FORWARDERS_PROJECTION, ForwarderViews, ReadModelPosition } from '@pvs/read-model';
import { READ_MODEL_POSITION } from '../projections/read-model-position.provider';
import { CLOCK, Clock } from '@pvs/runtime';
import { CurrentOperator, OperatorGuard } from '../auth/operator.guard';
import { AdminApi, ApiBodyErrors, ApiData, ApiErrors, ApiList, LimitQuery, PathParam, Summary, UuidQuery } from '../http/openapi/api-docs';
import { limitParam, optionalUuidParam } from '../http/query-params';
import { RefusedError, valueOf } from '../http/refusals';
import { UuidOrNotFoundPipe } from '../http/uuid-or-not-found.pipe';
import { FORWARDER_REGISTRY, ForwarderRegistry } from './forwarder-registry';
import { ForwarderResponse, ForwarderWithKeyResponse } from './forwarder.response';
import { NameForwarderRequest } from './name-forwarder.request.dto';
import { ProvisionForwarderRequest } from './provision-forwarder.request.dto';

export const FORWARDER_VIEWS = Symbol('FORWARDER_VIEWS');
/** How long an operator's change waits to be live in this process and in the list (it is recorded either way). */
const LIVE_WAIT_MS = 2_000;

/** The phones that forward each tenant's SMS: known from the first SMS or heartbeat each sends. */
@Controller('admin/forwarders')
@UseGuards(OperatorGuard)
@AdminApi()
export class ForwardersHttpController {
  constructor(
    @Inject(FORWARDER_VIEWS) private readonly views: ForwarderViews,
    @Inject(FORWARDER_REGISTRY) private readonly registry: ForwarderRegistry,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(READ_MODEL_POSITION) private readonly readModel: ReadModelPosition,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @Summary('Forwarding phones, newest first, with their last SMS and heartbeat')
  @UuidQuery('tenant_id', 'Only this tenant')
  @LimitQuery()
  @ApiList('The forwarders', ForwarderResponse)
  @ApiErrors(422)
  async list(@Query('tenant_id') tenantId?: string, @Query('limit') limit?: string) {
    const rows = await this.views.list({ tenantId: optionalUuidParam('tenant_id', tenantId), limit: limitParam(limit), now: this.clock.now() });
    return { success: true, data: rows.map(ForwarderResponse.listed) };
  }

  @Patch(':id')
  @Summary('Name a forwarder')
  @PathParam('id', 'The forwarder id')
  @ApiData(200, 'The forwarder, named', ForwarderResponse)
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async name(@Param('id', new UuidOrNotFoundPipe('Forwarder')) id: string, @Body() body: NameForwarderRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: ForwarderResponse.of(valueOf(await this.change(id, { type: 'Name', name: body.name, by }, request.id))) };
  }

  @Post(':id/retire')
  @Summary('Retire a forwarder: no longer watched, until it speaks again')
  @PathParam('id', 'The forwarder id')
  @ApiData(200, 'The forwarder, retired', ForwarderResponse)
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.OK)
  async retire(@Param('id', new UuidOrNotFoundPipe('Forwarder')) id: string, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: ForwarderResponse.of(valueOf(await this.change(id, { type: 'Retire', by, now: this.clock.now() }, request.id))) };
  }

  @Post()
  @Summary("Provision a phone: its own forwarder key (pvsfw_…, shown once), which authenticates its SMS and heartbeats and names it")
  @ApiData(201, 'The forwarder, with its key', ForwarderWithKeyResponse)
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async provision(@Body() body: ProvisionForwarderRequest, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    if (!(await this.tenants.find(body.tenant_id))) throw new RefusedError({ kind: 'not_found', message: 'Tenant not found' });
    const from = { tenantId: body.tenant_id, app: 'native', device: body.device, namedBy: 'header' } as const;
    return { success: true, data: await this.issue(forwarderIdOf(from), from, by, request.id) };
  }

  @Post(':id/credential')
  @Summary("Issue a phone named by its merchant (X-Forwarder-Id) a key of its own; the key before it stops working at once")
  @PathParam('id', 'The forwarder id')
  @ApiData(200, 'The forwarder, with its key (shown in this response only)', ForwarderWithKeyResponse)
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.OK)
  async issueKey(@Param('id', new UuidOrNotFoundPipe('Forwarder')) id: string, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: await this.issue(id, null, by, request.id) };
  }

  @Post(':id/credential/revoke')
  @Summary('Revoke a phone\'s own key: refused at once, by every gateway process')
  @PathParam('id', 'The forwarder id')
  @ApiData(200, 'The forwarder, without a key', ForwarderResponse)
  @ApiErrors(404, 409)
  @HttpCode(HttpStatus.OK)
  async revokeKey(@Param('id', new UuidOrNotFoundPipe('Forwarder')) id: string, @CurrentOperator() by: Principal, @Req() request: FastifyRequest) {
    return { success: true, data: ForwarderResponse.of(valueOf(await this.change(id, { type: 'RevokeCredential', by, now: this.clock.now() }, request.id))) };
  }

  private async issue(id: string, from: ForwarderHandle | null, by: Principal, correlationId: string) {
    const key = issueCredential('pvsfw');
    const forwarder = valueOf(await this.change(id, { type: 'IssueCredential', credential: key.stored, from, by, now: this.clock.now() }, correlationId));
    return ForwarderWithKeyResponse.withKey(forwarder, key.plaintext);
  }

  private async change(id: string, command: ForwarderCommand, correlationId: string): Promise<Result<Forwarder>> {
    const changed = await this.registry.send(id, command, correlationId);
    if (!changed.ok) return changed;
    // This process hears the phone next as retired (or named, or keyed): its next SMS brings it back. And the list,
    // read right after, shows what the answer says.
    const { checkpoint } = changed;
    if (checkpoint !== null) await Promise.all([this.registry.waitFor(checkpoint, LIVE_WAIT_MS), this.readModel.waitFor([FORWARDERS_PROJECTION], checkpoint, LIVE_WAIT_MS)]);
    return changed.state ? succeed(changed.state) : refused('not_found', FORWARDER_NOT_FOUND);
  }
}
