import { SqlClient, isUniqueViolation, migrate } from '@pvs/sql';
import { AppendResult, EventBacklog, EventDataRewrite, EventStore, ExpectedVersion, NewEvent, ReadAllOptions, RecordedEvent, StoredEvent, StreamAppend } from '../event-store.port';
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
const REWRITE_PAGE = 500;

export class PostgresEventStore implements EventStore, EventDataRewrite {
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

  async rewriteData(types: readonly string[], rewrite: (event: StoredEvent) => Promise<unknown>): Promise<number> {
    let replaced = 0;
    for (let after = '0'; ; ) {
      const page = await this.sql.query<{ position: string; id: string; stream_name: string; event_type: string; data: unknown; recorded_at: Date }>(
        `SELECT global_position::text AS position, event_id::text AS id, stream_name, event_type, data, recorded_at
         FROM es_events WHERE event_type = ANY($1::text[]) AND global_position > $2::bigint ORDER BY global_position LIMIT $3`,
        [types, after, REWRITE_PAGE],
      );
      for (const row of page) {
        const data = await rewrite({ id: row.id, streamName: row.stream_name, type: row.event_type, data: row.data, recordedAt: new Date(row.recorded_at) });
        if (data === null) continue;
        // Only as read: an event changed meanwhile is left. The stream's cached copy goes, as an append's does.
        const changed = await this.changing([row.stream_name], () =>
          this.sql.query(`UPDATE es_events SET data = $2::json WHERE event_id = $1::uuid AND data::jsonb = $3::jsonb RETURNING event_id`, [row.id, JSON.stringify(data), JSON.stringify(row.data)]),
        );
        replaced += changed.length;
      }
      if (page.length < REWRITE_PAGE) break;
      after = page[page.length - 1].position;
    }
    // The shared tail may hold some of them as they were.
    this.tail?.forgetAll();
    return replaced;
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
