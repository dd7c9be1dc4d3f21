import { AppendSignals, CatchUpSubscription, EventFilter, EventStore, RecordedEvent } from '@pvs/event-store';
import { loadProjectionCheckpoint, storeProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';

export interface CheckpointedProcessorOptions {
  readonly name: string;
  readonly filter: EventFilter;
  /** Handles a batch in log order. */
  readonly handle: (batch: readonly RecordedEvent[]) => Promise<void>;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

/**
 * Handles a batch at a time and stores its checkpoint after each. Its effects live in the
 * event store, not beside the checkpoint, so every handler must be idempotent: after a crash
 * the batch is handled again.
 */
export function checkpointedProcessor(events: EventStore, signals: AppendSignals, checkpoints: SqlClient, options: CheckpointedProcessorOptions): CatchUpSubscription {
  return new CatchUpSubscription(events, signals, {
    filter: options.filter,
    batchSize: options.batchSize,
    pollIntervalMs: options.pollIntervalMs,
    onError: options.onError,
    loadCheckpoint: () => loadProjectionCheckpoint(checkpoints, options.name),
    handle: async (batch) => {
      await options.handle(batch);
      await storeProjectionCheckpoint(checkpoints, options.name, batch[batch.length - 1].checkpoint);
    },
  });
}
