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
  /** `appendsSignalled()` when its read began (null until then): it sees every append signalled before. */
  signalsSeen: number | null;
  startedAt: number;
  done: Promise<void>;
}

const PAGE = 1_000;
const MAX_REMEMBERED_SCANS = 1_000;

/**
 * The newest events of the log, read once for every reader in the process. Its readers (projections,
 * the matcher and its decision publisher, the tenant directory, waiting SMS ingests, the event-log
 * long poll) all wake at the same append and ask for what follows their checkpoints; without this,
 * each asks the database for the same few events.
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

  /** Lets go of every event held (their data was rewritten): the next read anchors again at the head. */
  forgetAll(): void {
    this.events = [];
    this.start = undefined;
    this.scannedWithoutMatch.clear();
  }

  /** What `readAll(options)` answers, from memory when the checkpoint is within the tail. */
  async readAll(options: ReadAllOptions, readFromStore: (options: ReadAllOptions) => Promise<RecordedEvent[]>): Promise<RecordedEvent[]> {
    await this.anchor();
    const { after = null, limit = DEFAULT_BATCH_SIZE, filter } = options;
    const reader = scanKey(after, filter);
    if (this.holdsEverythingAfter(this.scanStart(after, reader))) {
      await this.fresh();
      // The refresh may have let go of the oldest events, the ones this reader needs next.
      if (this.holdsEverythingAfter(this.scanStart(after, reader))) return this.slice(after, reader, limit, filter);
    }
    const newestHeld = this.newestHeld();
    const page = await readFromStore(options);
    // The store had every event held now: none after the page passes the filter, up to the newest held.
    if (page.length < limit) this.rememberScanned(page.at(-1)?.checkpoint ?? after, filter, newestHeld);
    return page;
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
    const current = this.refresh;
    if (current && this.isFreshEnough(current)) return current.done;
    const previous = current?.done.catch(() => undefined) ?? Promise.resolve();
    const refresh: Refresh = { signalsSeen: null, startedAt: Infinity, done: Promise.resolve() };
    // Readers that ask while a read is in flight share the next one.
    refresh.done = previous.then(() => {
      refresh.signalsSeen = this.source.appendsSignalled();
      refresh.startedAt = performance.now();
      return this.readNewEvents();
    });
    this.refresh = refresh;
    refresh.done.catch(() => {
      if (this.refresh === refresh) this.refresh = null;
    });
    return refresh.done;
  }

  /** A read not begun yet will see every append signalled so far; one begun must have seen them all, lately. */
  private isFreshEnough(refresh: Refresh): boolean {
    if (refresh.signalsSeen === null) return true;
    return refresh.signalsSeen === this.source.appendsSignalled() && performance.now() - refresh.startedAt <= this.maxStalenessMs;
  }

  /** To the head of the log, page by page; a burst larger than the capacity passes through, trimmed as it goes. */
  private async readNewEvents(): Promise<void> {
    for (;;) {
      const page = await this.source.readAfter(this.newestHeld() ?? null, PAGE);
      this.events.push(...page);
      const excess = this.events.length - this.capacity;
      if (excess > 0) {
        this.start = this.events[excess - 1].checkpoint;
        this.events = this.events.slice(excess);
      }
      if (page.length < PAGE) return;
    }
  }

  private slice(after: Checkpoint | null, reader: string, limit: number, filter: EventFilter | undefined): RecordedEvent[] {
    const passes = eventFilter(filter);
    const found: RecordedEvent[] = [];
    for (let i = this.firstAfter(this.scanStart(after, reader)); i < this.events.length && found.length < limit; i++) {
      if (passes(this.events[i])) found.push(this.events[i]);
    }
    this.scannedWithoutMatch.delete(reader);
    if (found.length < limit) this.rememberScanned(found.at(-1)?.checkpoint ?? after, filter, this.newestHeld());
    return found;
  }

  /**
   * Where a reader's next scan starts: after its checkpoint, or after the newest event its filter
   * was already tried on. A reader whose filter rarely passes thus stays served from memory, though
   * its checkpoint falls behind what is held.
   */
  private scanStart(after: Checkpoint | null, reader: string): Checkpoint | null {
    const scanned = this.scannedWithoutMatch.get(reader);
    return scanned !== undefined && (after === null || scanned > after) ? scanned : after;
  }

  /** No event after `after` up to `through` passes `filter`: the reader's next read starts after `through`. */
  private rememberScanned(after: Checkpoint | null, filter: EventFilter | undefined, through: Checkpoint | null | undefined): void {
    if (through === null || through === undefined) return;
    if (this.scannedWithoutMatch.size >= MAX_REMEMBERED_SCANS) this.scannedWithoutMatch.clear();
    this.scannedWithoutMatch.set(scanKey(after, filter), through);
  }

  private newestHeld(): Checkpoint | null | undefined {
    return this.events.length > 0 ? this.events[this.events.length - 1].checkpoint : this.start;
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
