import { AppendSignals, CatchUpSubscription, EventStore, RecordedEvent } from '@pvs/event-store';
import { loadProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { Projection } from './projection';
import { storeProjectionCheckpoint } from './projection-checkpoints';

/** Where a runner writes: the live tables under the projection's name, or a rebuild's copies. */
export interface ProjectionTarget {
  readonly checkpointName: string;
  readonly tables: Projection['tables'];
}

export interface ProjectionRunnerOptions {
  readonly pollIntervalMs?: number;
  /** The least time between two batches while events keep coming (each batch is one read-model transaction). */
  readonly minBatchIntervalMs?: number;
  readonly batchSize?: number;
  readonly target?: ProjectionTarget;
  readonly onError?: (projection: string, error: unknown) => void;
  /** Called after each batch commits. */
  readonly onBatch?: (events: readonly RecordedEvent[]) => void | Promise<void>;
}

/**
 * Under load a projection gathers this long between transactions: the read model serves lists and dashboards,
 * which may lag a moment (statuses are read from the streams), so it takes fewer, larger transactions.
 */
const PROJECTION_BATCH_INTERVAL_MS = 50;

/**
 * Feeds one projection from the event store. Each batch and its checkpoint commit in one
 * read-model transaction, so a crash never applies a batch twice or loses one.
 */
export class ProjectionRunner {
  private readonly subscription: CatchUpSubscription;

  constructor(
    readonly projection: Projection,
    private readonly events: EventStore,
    private readonly signals: AppendSignals,
    private readonly readModel: SqlClient,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.subscription = this.subscribe();
  }

  get name(): string {
    return this.projection.name;
  }

  /** The last event applied by this runner, as far as it knows. */
  get checkpoint(): string | null {
    return this.subscription.checkpoint;
  }

  start(): Promise<void> {
    return this.subscription.start();
  }

  /** A later start reloads the stored checkpoint, which a rebuild may have moved. */
  stop(): Promise<void> {
    return this.subscription.stop();
  }

  catchUp(): Promise<void> {
    return this.subscription.catchUp();
  }

  waitFor(checkpoint: string, timeoutMs: number): Promise<boolean> {
    return this.subscription.waitFor(checkpoint, timeoutMs);
  }

  private subscribe(): CatchUpSubscription {
    const { projection, readModel, options } = this;
    const target = options.target ?? { checkpointName: projection.name, tables: projection.tables };
    return new CatchUpSubscription(this.events, this.signals, {
      filter: projection.filter,
      batchSize: options.batchSize,
      pollIntervalMs: options.pollIntervalMs,
      minBatchIntervalMs: options.minBatchIntervalMs ?? PROJECTION_BATCH_INTERVAL_MS,
      loadCheckpoint: () => loadProjectionCheckpoint(readModel, target.checkpointName),
      handle: async (events) => {
        await readModel.transaction(async (tx) => {
          await projection.apply(tx, events, target.tables);
          await storeProjectionCheckpoint(tx, target.checkpointName, events[events.length - 1].checkpoint);
        });
        await options.onBatch?.(events);
      },
      onError: (error) => options.onError?.(projection.name, error),
    });
  }
}
