import { ProjectionRebuilds, REBUILD_INTERRUPTED, RebuildCounts } from '@pvs/read-model';

/** The projector's records of the rebuilds it runs (`rm_projection_rebuilds`), which others read through ProjectionRebuilds. */
export class RebuildRecords extends ProjectionRebuilds {
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
