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

/** `rm_projection_rebuilds`: each requested rebuild and how far it got, written by the projector running it. */
export class ProjectionRebuilds {
  constructor(private readonly sql: SqlExecutor) {}

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

  async begin(requestId: string, projection: string, startedAt: Date): Promise<void> {
    await this.sql.query(
      `INSERT INTO rm_projection_rebuilds (request_id, projection, status, events_done, events_total, events_per_s, started_at)
       VALUES ($1, $2, 'running', 0, 0, 0, $3)`,
      [requestId, projection, startedAt],
    );
  }

  async progress(requestId: string, counts: RebuildCounts): Promise<void> {
    await this.sql.query(
      `UPDATE rm_projection_rebuilds SET events_done = $2, events_total = $3, events_per_s = $4 WHERE request_id = $1`,
      [requestId, counts.eventsDone, counts.eventsTotal, counts.eventsPerSecond],
    );
  }

  async finish(requestId: string, counts: RebuildCounts, finishedAt: Date, error: string | null = null): Promise<void> {
    await this.sql.query(
      `UPDATE rm_projection_rebuilds SET status = $2, events_done = $3, events_total = $4, events_per_s = $5, finished_at = $6, error = $7
       WHERE request_id = $1`,
      [requestId, error === null ? 'done' : 'failed', counts.eventsDone, counts.eventsTotal, counts.eventsPerSecond, finishedAt, error],
    );
  }

  /** For the projection's new leader: a rebuild still marked running was cut short with its process. */
  async failInterrupted(projection: string, finishedAt: Date): Promise<void> {
    await this.sql.query(
      `UPDATE rm_projection_rebuilds SET status = 'failed', finished_at = $2, error = $3 WHERE projection = $1 AND status = 'running'`,
      [projection, finishedAt, REBUILD_INTERRUPTED],
    );
  }
}
