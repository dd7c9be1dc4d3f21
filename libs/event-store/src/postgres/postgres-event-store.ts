import { SqlClient, isUniqueViolation, migrate } from '@pvs/sql';
import { AppendResult, EventBacklog, EventStore, ExpectedVersion, NewEvent, ReadAllOptions, RecordedEvent, StreamAppend } from '../event-store.port';
import { AppendSignal } from '../append-signal';
import { SharedTail } from './shared-tail';
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
  private readonly appends: GroupCommit;

  constructor(
    private readonly sql: SqlClient,
    { appenders = 'unknown', commitsInFlight = 1, signals }: PostgresEventStoreOptions = {},
  ) {
    this.appends = new GroupCommit((group) => this.commitGroup(group), commitsInFlight);
    this.signals = signals ?? new AppendSignal(appenders !== 'unknown');
    this.notifyOtherProcesses = appenders === 'processes-that-notify';
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

  append(streamName: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return this.appends.append({ streamName, events, expected });
  }

  async appendAtomically(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    if (appends.some(({ events }) => events.length === 0)) throw new Error('append needs at least one event');
    if (new Set(appends.map(({ streamName }) => streamName)).size < appends.length) throw new Error('appendAtomically takes each stream once');
    try {
      return await appendAllOrNone(this.sql, appends, this.notifyOtherProcesses);
    } catch (error) {
      // An event id recorded before: refused as a conflict, as a single append refuses it.
      if (isUniqueViolation(error)) throw await versionConflict(this.sql, appends[0].streamName, appends[0].expected);
      throw error;
    } finally {
      this.signals.notify();
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

  readStream(streamName: string, afterVersion?: number): Promise<RecordedEvent[]> {
    return readStream(this.sql, streamName, afterVersion);
  }

  readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return readStreams(this.sql, streamNames);
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
