import { CatchUpSubscription, EventFilter, EventStore, RecordedEvent } from '@pvs/event-store';
import { loadProjectionCheckpoint, storeProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';

export interface CheckpointedProcessorOptions {
  readonly name: string;
  readonly filter: EventFilter;
  readonly handle: (event: RecordedEvent) => Promise<void>;
  readonly pollIntervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

/**
 * Handles events one by one and stores its checkpoint after each batch. Its effects live in the
 * event store, not beside the checkpoint, so every handler must be idempotent: after a crash
 * the batch is handled again.
 */
export function checkpointedProcessor(events: EventStore, checkpoints: SqlClient, options: CheckpointedProcessorOptions): CatchUpSubscription {
  return new CatchUpSubscription(events, {
    filter: options.filter,
    pollIntervalMs: options.pollIntervalMs,
    onError: options.onError,
    loadCheckpoint: () => loadProjectionCheckpoint(checkpoints, options.name),
    handle: async (batch) => {
      for (const event of batch) await options.handle(event);
      await storeProjectionCheckpoint(checkpoints, options.name, batch[batch.length - 1].checkpoint);
    },
  });
}
