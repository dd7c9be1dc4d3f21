import { projectionStream } from '@pvs/contracts';
import { EventStore } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';
import { CheckpointLag, checkpointLag } from '../checkpoints/checkpoint-lag';
import { loadProjectionCheckpoint } from '../checkpoints/projection-checkpoints';
import { PROJECTIONS, ProjectionDefinition } from './projection-catalog';
import { ProjectionRebuilds, RebuildProgress } from './projection-rebuilds';

export const PROJECTION_STATUSES = Symbol('PROJECTION_STATUSES');

export interface ProjectionStatus extends CheckpointLag {
  readonly name: string;
  /** The last rebuild requested, null when none ever was. */
  readonly rebuild: RebuildProgress | null;
}

export interface LatestRebuild {
  /** Version of the projection's request stream, for appending the next request. */
  readonly streamVersion: number;
  readonly rebuild: RebuildProgress | null;
}

const REQUESTED: RebuildProgress = {
  status: 'requested',
  eventsDone: 0,
  eventsTotal: 0,
  eventsPerSecond: 0,
  startedAt: null,
  finishedAt: null,
  error: null,
};

export function isRebuildInProgress(rebuild: RebuildProgress | null): boolean {
  return rebuild?.status === 'requested' || rebuild?.status === 'running';
}

/** How far each projection is behind the event log, and its last rebuild: for operators and metrics. */
export class ProjectionStatuses {
  private readonly rebuilds: ProjectionRebuilds;

  constructor(
    private readonly events: EventStore,
    private readonly sql: SqlExecutor,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.rebuilds = new ProjectionRebuilds(sql);
  }

  all(): Promise<ProjectionStatus[]> {
    return Promise.all(PROJECTIONS.map((projection) => this.status(projection)));
  }

  /** The last request's rebuild; `requested` until the projector leading that projection takes it. */
  async latestRebuild(name: string): Promise<LatestRebuild> {
    const requests = await this.events.readStream(projectionStream(name));
    const last = requests.at(-1);
    if (!last) return { streamVersion: 0, rebuild: null };
    return { streamVersion: last.streamVersion, rebuild: (await this.rebuilds.find(last.id)) ?? REQUESTED };
  }

  async status(projection: ProjectionDefinition): Promise<ProjectionStatus> {
    const [lag, { rebuild }] = await Promise.all([
      loadProjectionCheckpoint(this.sql, projection.name).then((checkpoint) => checkpointLag(this.events, checkpoint, projection.filter, this.now())),
      this.latestRebuild(projection.name),
    ]);
    return { name: projection.name, ...lag, rebuild };
  }
}
