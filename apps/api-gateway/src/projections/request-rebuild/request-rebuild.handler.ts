import { Inject, Injectable } from '@nestjs/common';
import { projectionStream } from '@pvs/contracts';
import { ALREADY_REBUILDING, Result, rebuildRequestsDecider, refused, succeed } from '@pvs/domain';
import { EVENT_STORE, EventStore, handleCommand } from '@pvs/event-store';
import { PROJECTION_STATUSES, ProjectionStatus, ProjectionStatuses, findProjection, isRebuildInProgress } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';

/**
 * Records an operator's request to rebuild a projection online. The projector process leading
 * that projection sees the event and runs the rebuild; one at a time per projection, decided at
 * the request stream's version its progress was read at, so two racing requests cannot both be recorded.
 */
@Injectable()
export class RequestRebuildHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_STATUSES) private readonly statuses: ProjectionStatuses,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async request(name: string, correlationId: string): Promise<Result<ProjectionStatus>> {
    const projection = findProjection(name);
    if (!projection) return refused('not_found', 'Projection not found');
    const { streamVersion, rebuild } = await this.statuses.latestRebuild(name);
    const command = { projection: name, inProgress: isRebuildInProgress(rebuild), now: this.clock.now() };
    const requested = await handleCommand(this.events, projectionStream(name), rebuildRequestsDecider, command, {
      metadata: { correlationId },
      known: { state: null, version: streamVersion },
      maxRetries: 0,
    });
    if (!requested.ok) return refused('conflict', ALREADY_REBUILDING);
    return succeed(await this.statuses.status(projection));
  }
}
