import { SqlClient, isUniqueViolation, migrate } from '@pvs/sql';
import { AppendResult, EventBacklog, EventStore, ExpectedVersion, NewEvent, ReadAllOptions, RecordedEvent, StreamAppend } from '../event-store.port';
import { AppendSignal } from '../append-signal';
import { SharedTail } from './shared-tail';
import { StreamCache } from './stream-cache';
import { appendToStream, versionConflict } from './append-to-stream';
import { AppendOutcome, appendAllOrNone, appendToStreams } from './append-to-streams';
import { GroupCommit } from './group-commit';
import { backlog, readAll, readHead, readStream, readStreams } from './read-events';
import { eventStoreMigrations } from './schema';

export interface PostgresEventStoreOptions {
  /**
   * Who appends: `this-process` alone (embedded), or `processes-that-notify` (each append notifies,
   * and AppendNotifications wakes this process's readers). Then readers poll only as a fallback.
   */
  readonly appenders?: 'unknown' | 'this-process' | 'processes-that-notify';
  /**
   * How many group commits may be in flight at once: 1 where the database runs one statement at a
   * time (PGlite); more on a server, which overlaps their flushes to disk.
   */
  readonly commitsInFlight?: number;
  /** The process's append signals, notified after each commit (a store of its own when none is given). */
  readonly signals?: AppendSignal;
}

/** The event store on PostgreSQL; the same SQL runs on a server (pg) and embedded (PGlite). */
export class PostgresEventStore implements EventStore {
  readonly signals: AppendSignal;
  private readonly notifyOtherProcesses: boolean;
  /** Only when every append signals: otherwise nothing would tell the tail it is stale. */
  private readonly tail: SharedTail | null;
  /** Only when this process is the only appender: no other could change a stream it holds. */
  private readonly cache: StreamCache | null;
  private readonly appends: GroupCommit;

  constructor(
    private readonly sql: SqlClient,
    { appenders = 'unknown', commitsInFlight = 1, signals }: PostgresEventStoreOptions = {},
  ) {
    this.appends = new GroupCommit((group) => this.commitGroup(group), commitsInFlight);
    this.signals = signals ?? new AppendSignal(appenders !== 'unknown');
    this.notifyOtherProcesses = appenders === 'processes-that-notify';
    this.cache = appenders === 'this-process' ? new StreamCache() : null;
    this.tail = this.signals.signalsEveryAppend
      ? new SharedTail({
          readAfter: (after, limit) => readAll(this.sql, { after, limit }),
          head: () => readHead(this.sql),
          appendsSignalled: () => this.signals.appendsSignalled(),
        })
      : null;
  }

  async migrate(): Promise<void> {
    await migrate(this.sql, eventStoreMigrations);
  }

  async append(streamName: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    return this.changing([streamName], () => this.appends.append({ streamName, events, expected }));
  }

  async appendAtomically(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    if (appends.some(({ events }) => events.length === 0)) throw new Error('append needs at least one event');
    const streamNames = appends.map(({ streamName }) => streamName);
    if (new Set(streamNames).size < appends.length) throw new Error('appendAtomically takes each stream once');
    try {
      return await this.changing(streamNames, () => appendAllOrNone(this.sql, appends, this.notifyOtherProcesses));
    } catch (error) {
      // An event id recorded before: refused as a conflict, as a single append refuses it.
      if (isUniqueViolation(error)) throw await versionConflict(this.sql, appends[0].streamName, appends[0].expected);
      throw error;
    } finally {
      this.signals.notify();
    }
  }

  /** Runs an append with its streams marked as changing, so no cached copy of them is served meanwhile or kept after. */
  private async changing<T>(streamNames: readonly string[], append: () => Promise<T>): Promise<T> {
    this.cache?.began(streamNames);
    try {
      return await append();
    } finally {
      this.cache?.ended(streamNames);
    }
  }

  /** One statement for the group, then one signal to this process's readers. */
  private async commitGroup(group: readonly StreamAppend[]): Promise<AppendOutcome[]> {
    try {
      if (group.length > 1) return await appendToStreams(this.sql, group, this.notifyOtherProcesses);
      const [{ streamName, events, expected }] = group;
      return [{ appended: await appendToStream(this.sql, streamName, events, expected, this.notifyOtherProcesses) }];
    } finally {
      this.signals.notify();
    }
  }

  async readStream(streamName: string, afterVersion = 0): Promise<RecordedEvent[]> {
    if (!this.cache) return readStream(this.sql, streamName, afterVersion);
    const events = (await this.readStreams([streamName])).get(streamName) ?? [];
    return afterVersion === 0 ? events : events.filter((event) => event.streamVersion > afterVersion);
  }

  async readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const { cache } = this;
    if (!cache) return readStreams(this.sql, streamNames);
    const found = new Map<string, RecordedEvent[]>();
    const unread: string[] = [];
    for (const name of streamNames) {
      const cached = cache.get(name);
      if (cached) found.set(name, [...cached]);
      else unread.push(name);
    }
    if (unread.length === 0) return found;
    const readBegan = cache.readBegins();
    for (const [name, events] of await readStreams(this.sql, unread)) {
      cache.remember(name, events, readBegan);
      found.set(name, [...events]);
    }
    return new Map(streamNames.map((name) => [name, found.get(name) ?? []]));
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.tail ? this.tail.readAll(options, (unshared) => readAll(this.sql, unshared)) : readAll(this.sql, options);
  }

  backlog(options?: Omit<ReadAllOptions, 'limit'>): Promise<EventBacklog> {
    return backlog(this.sql, options);
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.signals.notify();
  }
}
