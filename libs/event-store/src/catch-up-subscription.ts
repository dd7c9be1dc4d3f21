import { AppendSignals } from './append-signals.port';
import { Checkpoint, EventFilter, EventStore, RecordedEvent } from './event-store.port';

export interface CatchUpSubscriptionOptions {
  /** Where to resume; called once at start. */
  readonly loadCheckpoint: () => Promise<Checkpoint | null>;
  /**
   * Handles one batch. It must record the batch's last checkpoint together with its own
   * effects (one transaction) if it needs exactly-once; throwing retries the same batch.
   */
  readonly handle: (events: RecordedEvent[]) => Promise<void>;
  readonly filter?: EventFilter;
  readonly batchSize?: number;
  /** How long to wait for new events when caught up; appends in this process wake it earlier. */
  readonly pollIntervalMs?: number;
  /**
   * The least time between two reads while events keep coming: under load a reader takes what
   * gathered meanwhile in one batch (one transaction) instead of one event at a time. An event
   * after a quiet spell is read at once.
   */
  readonly minBatchIntervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

interface PositionWaiter {
  readonly checkpoint: Checkpoint;
  readonly resolve: (reached: boolean) => void;
}

const RETRY_DELAY_MS = 500;
/** How often an idle reader looks when appends of other processes may not wake it. */
const POLL_MS = 50;
/**
 * When every append wakes readers, polling only covers what no append signals: in PostgreSQL, an
 * event held back behind an older open transaction that appends nothing.
 */
const FALLBACK_POLL_MS = 250;
const MIN_BATCH_INTERVAL_MS = 10;

/** Reads the global log in order from a checkpoint, batch after batch, then follows it live. */
export class CatchUpSubscription {
  private position: Checkpoint | null = null;
  private positionLoaded = false;
  private running = false;
  private loop: Promise<void> | null = null;
  private waiters: PositionWaiter[] = [];
  private batchesInOrder: Promise<unknown> = Promise.resolve();
  private lastReadAt = -Infinity;
  /** Ends the loop's current wait for appends or a tick when stop is asked for. */
  private endWait: (() => void) | null = null;

  constructor(
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly signals: AppendSignals,
    private readonly options: CatchUpSubscriptionOptions,
  ) {}

  /**
   * A reader of every event `filter` passes from the start of the log, for a view a process keeps in memory (no
   * stored checkpoint: it reads the log again at each start).
   */
  static fromStart(
    store: Pick<EventStore, 'readAll'>,
    signals: AppendSignals,
    filter: EventFilter,
    handle: (events: RecordedEvent[]) => void,
    pollIntervalMs?: number,
  ): CatchUpSubscription {
    return new CatchUpSubscription(store, signals, { filter, pollIntervalMs, loadCheckpoint: async () => null, handle: async (events) => handle(events) });
  }

  get checkpoint(): Checkpoint | null {
    return this.position;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.loadPosition();
    this.running = true;
    this.loop = this.run();
  }

  /** Reads what there is, then follows the log: whoever awaits it knows every event appended before. */
  async startCaughtUp(): Promise<void> {
    await this.catchUp();
    await this.start();
  }

  /** Stops following; a later start reloads the stored checkpoint (another process may have moved it). */
  async stop(): Promise<void> {
    this.running = false;
    this.endWait?.();
    await this.loop;
    this.loop = null;
    this.positionLoaded = false;
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  /**
   * Resolves true once an event at `checkpoint` (one that passes this subscription's filter)
   * has been handled, false after `timeoutMs`.
   */
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean> {
    if (this.position !== null && this.position >= checkpoint) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: PositionWaiter = {
        checkpoint,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Handles everything readable now; for tests and for callers that must not wait a poll. */
  async catchUp(): Promise<void> {
    while (await this.handleNextBatch()) {
      /* until a short batch */
    }
  }

  private async run(): Promise<void> {
    const pollIntervalMs = this.options.pollIntervalMs ?? (this.signals.signalsEveryAppend ? FALLBACK_POLL_MS : POLL_MS);
    while (this.running) {
      try {
        // Counted before reading: an append signalled while the batch is handled is not missed.
        const seen = this.signals.appendsSignalled();
        if (await this.handleNextBatch()) continue;
        await this.unlessStopped(this.signals.waitForAppend(pollIntervalMs, seen));
        await this.unlessStopped(this.letEventsGather());
      } catch (error) {
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
  }

  /**
   * Settles with `wait`, or at once when stop is asked for. Not a race against a promise that settles on
   * stop: each race would leave a reaction on it, and a long-running loop would keep millions of them.
   */
  private unlessStopped(wait: Promise<unknown>): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.endWait = resolve;
      wait.then(
        () => {
          this.endWait = null;
          resolve();
        },
        (error: unknown) => {
          this.endWait = null;
          reject(error);
        },
      );
    });
  }

  /**
   * A busy reader waits for the next tick of a clock every reader of the process shares, so readers
   * woken by the same appends read together, and one read of the store serves them all.
   */
  private async letEventsGather(): Promise<void> {
    const interval = this.options.minBatchIntervalMs ?? MIN_BATCH_INTERVAL_MS;
    const now = performance.now();
    if (now - this.lastReadAt >= interval) return;
    await new Promise((resolve) => setTimeout(resolve, interval - (now % interval)));
  }

  /** Returns true when the batch was full, so more may be waiting. One batch at a time. */
  private handleNextBatch(): Promise<boolean> {
    const next = this.batchesInOrder.then(() => this.readAndHandleBatch());
    this.batchesInOrder = next.catch(() => undefined);
    return next;
  }

  private async loadPosition(): Promise<void> {
    if (this.positionLoaded) return;
    this.position = await this.options.loadCheckpoint();
    this.positionLoaded = true;
  }

  private async readAndHandleBatch(): Promise<boolean> {
    await this.loadPosition();
    const limit = this.options.batchSize ?? 500;
    this.lastReadAt = performance.now();
    const events = await this.store.readAll({ after: this.position, limit, filter: this.options.filter });
    if (events.length === 0) return false;
    await this.options.handle(events);
    this.position = events[events.length - 1].checkpoint;
    this.releaseWaiters();
    return events.length === limit;
  }

  private releaseWaiters(): void {
    const position = this.position;
    if (position === null) return;
    const reached = this.waiters.filter((waiter) => waiter.checkpoint <= position);
    this.waiters = this.waiters.filter((waiter) => waiter.checkpoint > position);
    for (const waiter of reached) waiter.resolve(true);
  }
}
