import { Checkpoint, EventStore } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';
import { ProjectionDefinition } from '../projections/projection-catalog';
import { checkpointLag } from './checkpoint-lag';
import { loadProjectionCheckpoint } from './projection-checkpoints';

const APPLIED_POLL_MS = 25;

/** Where projections stand against the log: how far behind, and whether they have applied a given point of it. */
export class ReadModelPosition {
  constructor(
    private readonly events: EventStore,
    private readonly sql: SqlExecutor,
    private readonly now: () => Date,
  ) {}

  /** How far behind the log the furthest behind of the projections is, in seconds. */
  async lagSeconds(projections: readonly ProjectionDefinition[]): Promise<number> {
    const lags = await Promise.all(projections.map(async ({ name, filter }) => (await checkpointLag(this.events, await loadProjectionCheckpoint(this.sql, name), filter, this.now())).lagSeconds));
    return Math.max(0, ...lags);
  }

  /** Whether each projection has applied every event of its own up to `checkpoint` (its next one, if any, is later). */
  async caughtUp(projections: readonly ProjectionDefinition[], checkpoint: Checkpoint): Promise<boolean> {
    const positions = await Promise.all(
      projections.map(async ({ name, filter }) => {
        const [next] = await this.events.readAll({ after: await loadProjectionCheckpoint(this.sql, name), filter, limit: 1 });
        // Checkpoints of one store order as plain strings.
        return next === undefined || next.checkpoint > checkpoint;
      }),
    );
    return positions.every(Boolean);
  }

  /** Whether the projections apply the log up to `checkpoint` within `timeoutMs` (looked at every 25 ms). */
  async waitFor(projections: readonly ProjectionDefinition[], checkpoint: Checkpoint, timeoutMs: number): Promise<boolean> {
    for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, APPLIED_POLL_MS))) {
      if (await this.caughtUp(projections, checkpoint)) return true;
      if (Date.now() >= deadline) return false;
    }
  }
}
