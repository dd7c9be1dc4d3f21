import { PROJECTION_REBUILD_REQUESTED, ProjectionRebuildRequested, isProjectionRebuildRequested } from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';

export const ALREADY_REBUILDING = 'A rebuild of this projection is already requested or running';

/** Whether a rebuild is requested or running comes from the projector's progress, not from the request stream. */
export interface RequestRebuild {
  readonly projection: string;
  readonly inProgress: boolean;
  readonly now: Date;
}

export function decideRebuild(command: RequestRebuild): Decision<ProjectionRebuildRequested> {
  if (command.inProgress) return refuse('conflict', ALREADY_REBUILDING);
  return accept({ type: PROJECTION_REBUILD_REQUESTED, data: { projection: command.projection, requestedAt: command.now.toISOString() } });
}

/** One projection's rebuild requests: one at a time, decided at the version its progress was read at. */
export const rebuildRequestsDecider: Decider<RequestRebuild, null, ProjectionRebuildRequested> = {
  initialState: null,
  isEvent: isProjectionRebuildRequested,
  evolve: () => null,
  decide: decideRebuild,
};
