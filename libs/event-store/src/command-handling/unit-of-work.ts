import { randomUUID } from 'node:crypto';
import { ANY_VERSION, Checkpoint, EventStore, ExpectedVersion, ExpectedVersionConflictError, NO_STREAM, NewEvent, RecordedEvent, STREAM_EXISTS, StreamAppend } from '../event-store.port';

/** What a command needs of a store: its stream, and an append at the version it read. */
export interface CommandStore {
  readStream(streamName: string): Promise<readonly RecordedEvent[]>;
  /** `checkpoint` is null while the append is staged and not yet in the log. */
  append(streamName: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<{ readonly nextExpectedVersion: number; readonly checkpoint: Checkpoint | null }>;
}

/** A staged event has no place in the log until it is committed: its position is 0, its checkpoint empty. */
const NOT_IN_LOG = { position: 0, checkpoint: '' } as const;

/**
 * Commands decided together: the streams they need read ahead in one round trip, each append staged in
 * memory (the commands after it read it, as they would read it from the store), then all committed in one
 * transaction, all or none, at the versions read. A stream another writer changed meanwhile fails the commit
 * with its conflict; the caller decides the commands again on a new unit.
 */
export class UnitOfWork implements CommandStore {
  private readonly read = new Map<string, readonly RecordedEvent[]>();
  private readonly staged = new Map<string, RecordedEvent[]>();
  private committed = false;

  constructor(private readonly store: EventStore) {}

  /** Reads the streams not read yet, in one round trip. */
  async readAhead(streamNames: Iterable<string>): Promise<void> {
    const unread = [...new Set(streamNames)].filter((name) => !this.read.has(name));
    if (unread.length === 0) return;
    const streams = await this.store.readStreams(unread);
    for (const name of unread) if (!this.read.has(name)) this.read.set(name, streams.get(name) ?? []);
  }

  async readStream(streamName: string): Promise<readonly RecordedEvent[]> {
    await this.readAhead([streamName]);
    return this.eventsOf(streamName);
  }

  async append(streamName: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<{ nextExpectedVersion: number; checkpoint: null }> {
    if (this.committed) throw new Error('This unit of work is committed; start another');
    if (events.length === 0) throw new Error('append needs at least one event');
    await this.readAhead([streamName]);
    const version = this.eventsOf(streamName).at(-1)?.streamVersion ?? 0;
    if (!holds(expected, version)) throw new ExpectedVersionConflictError(streamName, expected, version);
    const recordedAt = new Date();
    const staged = events.map((event, i) => ({ ...event, ...NOT_IN_LOG, id: event.id ?? randomUUID(), streamName, streamVersion: version + i + 1, recordedAt }));
    this.staged.set(streamName, [...(this.staged.get(streamName) ?? []), ...staged]);
    return { nextExpectedVersion: version + events.length, checkpoint: null };
  }

  /** How many events wait to be committed. */
  get stagedEvents(): number {
    let count = 0;
    for (const events of this.staged.values()) count += events.length;
    return count;
  }

  /** Commits every staged append at the version its stream was read at; nothing when any stream moved meanwhile. */
  async commit(): Promise<void> {
    if (this.committed) throw new Error('This unit of work is committed already');
    this.committed = true;
    const appends = [...this.staged].map(([streamName, events]): StreamAppend => {
      const readVersion = this.read.get(streamName)?.at(-1)?.streamVersion ?? 0;
      return { streamName, events: events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })), expected: readVersion === 0 ? NO_STREAM : readVersion };
    });
    await this.store.appendAtomically(appends);
  }

  private eventsOf(streamName: string): readonly RecordedEvent[] {
    const read = this.read.get(streamName) ?? [];
    const staged = this.staged.get(streamName);
    return staged ? [...read, ...staged] : read;
  }
}

/** Whether a stream at `version` meets the expectation, as the stores judge it. */
function holds(expected: ExpectedVersion, version: number): boolean {
  if (expected === ANY_VERSION) return true;
  if (expected === STREAM_EXISTS) return version > 0;
  if (expected === NO_STREAM) return version === 0;
  return expected === version;
}
