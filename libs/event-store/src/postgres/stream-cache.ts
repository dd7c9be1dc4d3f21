import { RecordedEvent } from '../event-store.port';

const DEFAULT_CAPACITY = 10_000;

/**
 * Whole streams as last read, for a store that only this process appends to (embedded): a stream is served
 * from memory until an append to it begins, and is read again after. What it holds is never older than the
 * database: an append marks its streams before it reaches the database and again when it ends, a stream
 * being appended to is read from the database, and a read is remembered only if no append to its stream
 * began or ended while it ran. Bounded: the least recently used streams are forgotten past `capacity`.
 */
export class StreamCache {
  private readonly streams = new Map<string, readonly RecordedEvent[]>();
  private readonly appending = new Map<string, number>();
  /** When each stream's last append began or ended (a counter, not a time); bounded like the streams. */
  private readonly touched = new Map<string, number>();
  private clock = 0;
  /** When `touched` last forgot a stream: a read older than that cannot tell whether its stream was touched. */
  private forgotAt = 0;

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The stream as last read, unless an append to it is under way or it was forgotten. */
  get(streamName: string): readonly RecordedEvent[] | undefined {
    if (this.appending.has(streamName)) return undefined;
    const events = this.streams.get(streamName);
    if (events) this.use(this.streams, streamName, events);
    return events;
  }

  /** Call before reading the database; pass the answer to `remember` with the streams read. */
  readBegins(): number {
    return this.clock;
  }

  remember(streamName: string, events: readonly RecordedEvent[], readBegan: number): void {
    if (this.appending.has(streamName) || this.forgotAt > readBegan || (this.touched.get(streamName) ?? 0) > readBegan) return;
    // Shared by every reader: frozen, so a reader that changed one would fail loudly instead of changing the others'.
    this.use(this.streams, streamName, Object.freeze(events.map((event) => Object.freeze(event))));
  }

  /** Marks streams an append is about to change; `ended` must follow, whatever the append's outcome. */
  began(streamNames: readonly string[]): void {
    for (const name of streamNames) {
      this.appending.set(name, (this.appending.get(name) ?? 0) + 1);
      this.touch(name);
    }
  }

  ended(streamNames: readonly string[]): void {
    for (const name of streamNames) {
      const left = (this.appending.get(name) ?? 1) - 1;
      if (left === 0) this.appending.delete(name);
      else this.appending.set(name, left);
      this.touch(name);
    }
  }

  private touch(streamName: string): void {
    this.streams.delete(streamName);
    if (this.use(this.touched, streamName, ++this.clock)) this.forgotAt = this.clock;
  }

  /** Sets the entry as the most recently used; answers whether an older one was forgotten to make room. */
  private use<V>(map: Map<string, V>, key: string, value: V): boolean {
    map.delete(key);
    map.set(key, value);
    if (map.size <= this.capacity) return false;
    const [oldest] = map.keys();
    map.delete(oldest);
    return true;
  }
}
