import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PROJECTION_REBUILD_REQUESTED, ProjectionRebuildRequestedData, projectionStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, ExpectedVersionConflictError } from '@pvs/event-store';
import { PROJECTION_STATUSES, ProjectionStatus, ProjectionStatuses, findProjection, isRebuildInProgress } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';

const ALREADY_REBUILDING = 'A rebuild of this projection is already requested or running';

/**
 * Records an operator's request to rebuild a projection online. The projector process leading
 * that projection sees the event and runs the rebuild; one at a time per projection, decided by
 * the request stream's version, so two racing requests cannot both be recorded.
 */
@Injectable()
export class RequestRebuildHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_STATUSES) private readonly statuses: ProjectionStatuses,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async request(name: string, correlationId: string): Promise<ProjectionStatus> {
    const projection = findProjection(name);
    if (!projection) throw new NotFoundException('Projection not found');
    const { streamVersion, rebuild } = await this.statuses.latestRebuild(name);
    if (isRebuildInProgress(rebuild)) throw new ConflictException(ALREADY_REBUILDING);
    const data: ProjectionRebuildRequestedData = { projection: name, requestedAt: this.clock.now().toISOString() };
    try {
      await this.events.append(projectionStream(name), [{ type: PROJECTION_REBUILD_REQUESTED, data, metadata: { correlationId } }], streamVersion);
    } catch (error) {
      if (error instanceof ExpectedVersionConflictError) throw new ConflictException(ALREADY_REBUILDING);
      throw error;
    }
    return this.statuses.status(projection);
  }
}
