import { Event, eventGuard } from '../event';

export const PROJECTION_CATEGORY = 'projection';
export const PROJECTION_REBUILD_REQUESTED = 'ProjectionRebuildRequested';

/** One stream per projection: the operators' requests to rebuild it. */
export function projectionStream(projection: string): string {
  return `${PROJECTION_CATEGORY}-${projection}`;
}

/** An operator asked for an online rebuild; the projector leading that projection runs it. */
export interface ProjectionRebuildRequestedData {
  readonly projection: string;
  readonly requestedAt: string;
}

export type ProjectionRebuildRequested = Event<typeof PROJECTION_REBUILD_REQUESTED, ProjectionRebuildRequestedData>;
export const isProjectionRebuildRequested = eventGuard<ProjectionRebuildRequested>({ [PROJECTION_REBUILD_REQUESTED]: true });
