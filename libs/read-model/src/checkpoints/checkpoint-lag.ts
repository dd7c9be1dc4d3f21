import { Checkpoint, EventFilter, EventStore } from '@pvs/event-store';

export interface CheckpointLag {
  readonly checkpoint: string | null;
  /** Events of the log, passing the reader's filter, that it has not handled yet. */
  readonly lagEvents: number;
  /** Age of the oldest of them; 0 when caught up. */
  readonly lagSeconds: number;
}

/** How far a reader standing at `checkpoint` (null: the start) is behind the log, counting the events its filter passes. */
export async function checkpointLag(events: EventStore, checkpoint: Checkpoint | null, filter: EventFilter, now: Date): Promise<CheckpointLag> {
  const backlog = await events.backlog({ after: checkpoint, filter });
  const lagMs = backlog.oldestRecordedAt ? Math.max(0, now.getTime() - backlog.oldestRecordedAt.getTime()) : 0;
  return { checkpoint, lagEvents: backlog.events, lagSeconds: lagMs / 1000 };
}
