import { EventFilter, EventStore } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';
import { leastPartitionCheckpoint } from './partition-checkpoints';
import { loadProjectionCheckpoint } from './projection-checkpoints';

export interface CheckpointLag {
  readonly checkpoint: string | null;
  /** Events of the log, passing the reader's filter, that it has not handled yet. */
  readonly lagEvents: number;
  /** Age of the oldest of them; 0 when caught up. */
  readonly lagSeconds: number;
}

/**
 * How far the reader that keeps its checkpoint in `rm_checkpoints` under `name` is behind the log; for a reader
 * of `partitions` partitions, how far its slowest partition is (counting every partition's events from there).
 */
export async function checkpointLag(events: EventStore, sql: SqlExecutor, name: string, filter: EventFilter, now: Date, partitions?: number): Promise<CheckpointLag> {
  const checkpoint = partitions === undefined ? await loadProjectionCheckpoint(sql, name) : await leastPartitionCheckpoint(sql, name, partitions);
  const backlog = await events.backlog({ after: checkpoint, filter });
  const lagMs = backlog.oldestRecordedAt ? Math.max(0, now.getTime() - backlog.oldestRecordedAt.getTime()) : 0;
  return { checkpoint, lagEvents: backlog.events, lagSeconds: lagMs / 1000 };
}
