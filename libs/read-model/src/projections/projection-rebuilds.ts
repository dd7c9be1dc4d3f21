import { SqlExecutor } from '@pvs/sql';

/** `requested`: recorded, not yet taken by the projector leading that projection. */
export type RebuildStatus = 'requested' | 'running' | 'done' | 'failed';

export const REBUILD_INTERRUPTED = 'interrupted: its projector stopped; request it again';

export interface RebuildProgress {
  readonly status: RebuildStatus;
  readonly eventsDone: number;
  /** Estimated when the rebuild starts: the events of the log it had to replay then. */
  readonly eventsTotal: number;
  readonly eventsPerSecond: number;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly error: string | null;
}

export interface RebuildCounts {
  readonly eventsDone: number;
  readonly eventsTotal: number;
  readonly eventsPerSecond: number;
}

interface RebuildRow {
  status: RebuildStatus;
  events_done: number;
  events_total: number;
  events_per_s: number;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
}

/** `rm_projection_rebuilds`: each requested rebuild and how far it got, as the projector running it recorded. */
export class ProjectionRebuilds {
  constructor(protected readonly sql: SqlExecutor) {}

  async find(requestId: string): Promise<RebuildProgress | null> {
    const [row] = await this.sql.query<RebuildRow>(
      `SELECT status, events_done, events_total, events_per_s, started_at, finished_at, error
       FROM rm_projection_rebuilds WHERE request_id = $1`,
      [requestId],
    );
    return row
      ? {
          status: row.status,
          eventsDone: row.events_done,
          eventsTotal: row.events_total,
          eventsPerSecond: row.events_per_s,
          startedAt: row.started_at,
          finishedAt: row.finished_at,
          error: row.error,
        }
      : null;
  }
}
