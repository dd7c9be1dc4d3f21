import { Checkpoint, EventFilter, ReadAllOptions, RecordedEvent, categoryOf } from '../event-store.port';
import { DEFAULT_BATCH_SIZE } from './read-events';

/** What the tail reads from: the store's own unshared reads, and its append signal. */
export interface TailSource {
  /** Every event after `after`, in commit-safe order, at most `limit`. */
  readAfter(after: Checkpoint | null, limit: number): Promise<RecordedEvent[]>;
  /** The checkpoint of the last event `readAfter` can return now; null for an empty log. */
  head(): Promise<Checkpoint | null>;
  appendsSignalled(): number;
}

export interface SharedTailOptions {
  /** How many of the newest events are kept for readers. */
  readonly capacity?: number;
  /**
   * The longest a read of the log may serve callers that came after it began. Appends that signal
   * make it stale at once; this bounds the wait for what no append signals (a transaction held open).
   */
  readonly maxStalenessMs?: number;
}

interface Refresh {
  /** `appendsSignalled()` when the refresh was asked for: it sees every append signalled before. */
  readonly signalsSeen: number;
  readonly askedAt: number;
  readonly done: Promise<void>;
}

const PAGE = 1_000;
const MAX_REMEMBERED_SCANS = 1_000;

/**
 * The newest events of the log, read once for every reader in the process. Catch-up readers
 * (projections, the matcher, the notifier's feed, long polls) all wake at the same append and ask
 * for what follows their checkpoints; without this, each asks the database for the same few events.
 * One refresh reads past the newest event held, and every reader whose checkpoint falls inside
 * what is held is answered from memory, filtered here as the database would. A reader further
 * behind (a rebuild, a projection catching up after a restart) reads the database itself.
 *
 * The events handed out are shared by every reader: handlers must not change them.
 */
export class SharedTail {
  private events: RecordedEvent[] = [];
  /** Everything after `start` is held, up to the newest event; undefined until anchored at the head. */
  private start: Checkpoint | null | undefined = undefined;
  private anchoring: Promise<void> | null = null;
  private refresh: Refresh | null = null;
  /** By reader (checkpoint and filter): the newest held event its filter was already tried on. */
  private readonly scannedWithoutMatch = new Map<string, Checkpoint>();
  private readonly capacity: number;
  private readonly maxStalenessMs: number;

  constructor(
    private readonly source: TailSource,
    { capacity = 5_000, maxStalenessMs = 25 }: SharedTailOptions = {},
  ) {
    this.capacity = capacity;
    this.maxStalenessMs = maxStalenessMs;
  }

  /** What `readAll(options)` answers, from memory when the checkpoint is within the tail. */
  async readAll(options: ReadAllOptions, readFromStore: (options: ReadAllOptions) => Promise<RecordedEvent[]>): Promise<RecordedEvent[]> {
    await this.anchor();
    const after = options.after ?? null;
    if (!this.holdsEverythingAfter(after)) return readFromStore(options);
    await this.fresh();
    // The refresh may have let go of the oldest events, the ones this reader needs next.
    if (!this.holdsEverythingAfter(after)) return readFromStore(options);
    return this.slice(after, options.limit ?? DEFAULT_BATCH_SIZE, options.filter);
  }

  private holdsEverythingAfter(after: Checkpoint | null): boolean {
    if (this.start === undefined) return false;
    return this.start === null || (after !== null && after >= this.start);
  }

  private anchor(): Promise<void> {
    this.anchoring ??= this.source.head().then(
      (head) => {
        this.start = head;
      },
      (error: unknown) => {
        this.anchoring = null;
        throw error;
      },
    );
    return this.anchoring;
  }

  /** Resolves once a read that began after every append signalled so far has been taken in. */
  private fresh(): Promise<void> {
    const signalsSeen = this.source.appendsSignalled();
    const now = performance.now();
    const current = this.refresh;
    if (current && current.signalsSeen === signalsSeen && now - current.askedAt <= this.maxStalenessMs) return current.done;
    const previous = current?.done.catch(() => undefined) ?? Promise.resolve();
    const refresh: Refresh = { signalsSeen, askedAt: now, done: previous.then(() => this.readNewEvents()) };
    this.refresh = refresh;
    refresh.done.catch(() => {
      if (this.refresh === refresh) this.refresh = null;
    });
    return refresh.done;
  }

  private async readNewEvents(): Promise<void> {
    for (;;) {
      const newest = this.events.length > 0 ? this.events[this.events.length - 1].checkpoint : (this.start ?? null);
      const page = await this.source.readAfter(newest, PAGE);
      this.events.push(...page);
      if (page.length < PAGE) break;
    }
    const excess = this.events.length - this.capacity;
    if (excess > 0) {
      this.start = this.events[excess - 1].checkpoint;
      this.events = this.events.slice(excess);
    }
  }

  private slice(after: Checkpoint | null, limit: number, filter: EventFilter | undefined): RecordedEvent[] {
    const passes = eventFilter(filter);
    const found: RecordedEvent[] = [];
    let i = this.firstAfter(this.scannedWithoutMatch.get(scanKey(after, filter)) ?? after);
    for (; i < this.events.length && found.length < limit; i++) {
      if (passes(this.events[i])) found.push(this.events[i]);
    }
    this.scannedWithoutMatch.delete(scanKey(after, filter));
    if (found.length < limit && this.events.length > 0) {
      // The next read of this reader starts after what it was given: no need to filter again what it passed over.
      if (this.scannedWithoutMatch.size >= MAX_REMEMBERED_SCANS) this.scannedWithoutMatch.clear();
      const nextAfter = found.length > 0 ? found[found.length - 1].checkpoint : after;
      this.scannedWithoutMatch.set(scanKey(nextAfter, filter), this.events[this.events.length - 1].checkpoint);
    }
    return found;
  }

  /** The index of the first held event after `after` (binary search: checkpoints order as strings). */
  private firstAfter(after: Checkpoint | null): number {
    if (after === null) return 0;
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle].checkpoint <= after) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function scanKey(after: Checkpoint | null, filter: EventFilter | undefined): string {
  return `${after}|${filter?.categories ?? '*'}|${filter?.types ?? '*'}`;
}

function eventFilter(filter: EventFilter | undefined): (event: RecordedEvent) => boolean {
  const categories = filter?.categories && new Set(filter.categories);
  const types = filter?.types && new Set(filter.types);
  return (event) => (!categories || categories.has(categoryOf(event.streamName))) && (!types || types.has(event.type));
}
