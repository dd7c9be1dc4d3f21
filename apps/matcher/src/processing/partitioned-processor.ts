import { AppendSignals, CatchUpSubscription, Checkpoint, EventFilter, EventStore, RecordedEvent } from '@pvs/event-store';
import { leastCheckpoint, loadPartitionCheckpoints, storePartitionCheckpoints } from './partition-checkpoints';
import { partitionOf } from '../partitions/partition-leases';
import { SqlClient } from '@pvs/sql';

export interface PartitionedProcessorOptions {
  readonly name: string;
  readonly filter: EventFilter;
  /** Handles a batch of the held partitions' events, in log order. */
  readonly handle: (batch: readonly RecordedEvent[]) => Promise<void>;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

const CHECKPOINT_EVERY_MS = 100;

/** Work is partitioned by tenant: a tenant's events are handled in log order by one process at a time. */
export function tenantPartition(event: RecordedEvent): number {
  return partitionOf(event.metadata.tenantId ?? '');
}

/**
 * A checkpointed processor for the partitions this process holds, each with its own checkpoint: one reader of
 * the log from the least of them hands the handler the events of held partitions not handled yet, then moves
 * every held partition's checkpoint to the batch's end. When the partitions held change it stops and starts
 * again from the stored checkpoints. Its effects live in the event store, not beside the checkpoints, so the
 * handler must be idempotent: after a crash, or while two processes briefly hold one partition, a batch is handled again.
 */
export class PartitionedProcessor {
  private subscription: CatchUpSubscription | null = null;
  /** Stores the checkpoints the subscription's handled batches reached but not stored yet. */
  private storeReached: () => Promise<void> = async () => undefined;
  private following = false;

  constructor(
    private readonly events: EventStore,
    private readonly signals: AppendSignals,
    private readonly checkpoints: SqlClient,
    private readonly options: PartitionedProcessorOptions,
  ) {}

  /** Handles these partitions from now on, from their stored checkpoints. */
  async hold(partitions: ReadonlySet<number>): Promise<void> {
    await this.subscription?.stop();
    await this.storeReached();
    this.subscription = partitions.size === 0 ? null : this.subscribe([...partitions].sort((a, b) => a - b));
    if (this.following) await this.subscription?.start();
  }

  /** Follows the log live for the partitions held, now and after each change. */
  async start(): Promise<void> {
    this.following = true;
    await this.subscription?.start();
  }

  async stop(): Promise<void> {
    this.following = false;
    await this.subscription?.stop();
    await this.storeReached();
  }

  /** Handles everything readable now for the partitions held. */
  async catchUp(): Promise<void> {
    await this.subscription?.catchUp();
  }

  private subscribe(held: readonly number[]): CatchUpSubscription {
    const { options } = this;
    const handledUpTo = new Map<number, Checkpoint | null>();
    let reached: Checkpoint | null = null;
    let storedAt = 0;
    this.storeReached = async () => {
      if (reached === null) return;
      await storePartitionCheckpoints(this.checkpoints, options.name, held, reached);
      reached = null;
      storedAt = Date.now();
    };
    const notYetHandled = (event: RecordedEvent) => {
      const partition = tenantPartition(event);
      if (!handledUpTo.has(partition)) return false;
      const upTo = handledUpTo.get(partition) ?? null;
      return upTo === null || event.checkpoint > upTo;
    };
    return new CatchUpSubscription(this.events, this.signals, {
      filter: options.filter,
      batchSize: options.batchSize,
      pollIntervalMs: options.pollIntervalMs,
      onError: options.onError,
      loadCheckpoint: async () => {
        handledUpTo.clear();
        for (const [partition, checkpoint] of await loadPartitionCheckpoints(this.checkpoints, options.name, held)) handledUpTo.set(partition, checkpoint);
        return leastCheckpoint(handledUpTo.values());
      },
      handle: async (batch) => {
        const mine = batch.filter(notYetHandled);
        if (mine.length > 0) await options.handle(mine);
        reached = batch[batch.length - 1].checkpoint;
        for (const partition of held) handledUpTo.set(partition, reached);
        // Under load, stored about every CHECKPOINT_EVERY_MS rather than after every batch: the handler is
        // idempotent, so a crash only hands the last moment's events over again.
        if (Date.now() - storedAt >= CHECKPOINT_EVERY_MS) await this.storeReached();
      },
    });
  }
}
