import { SqlClient, migrate } from '@pvs/sql';
import { AppendResult, EventBacklog, EventStore, ExpectedVersion, NewEvent, ReadAllOptions, RecordedEvent } from '../event-store.port';
import { AppendSignal } from '../append-signal';
import { appendToStream } from './append-to-stream';
import { backlog, readAll, readStream } from './read-events';
import { eventStoreMigrations } from './schema';

export interface PostgresEventStoreOptions {
  /**
   * Who appends: `this-process` alone (embedded), or `processes-that-notify` (each append notifies,
   * and AppendNotifications wakes this process's readers). Then readers poll only as a fallback.
   */
  readonly appenders?: 'unknown' | 'this-process' | 'processes-that-notify';
}

/** The event store on PostgreSQL; the same SQL runs on a server (pg) and embedded (PGlite). */
export class PostgresEventStore implements EventStore {
  private readonly appended = new AppendSignal();

  readonly signalsEveryAppend: boolean;
  private readonly notifyOtherProcesses: boolean;

  constructor(
    private readonly sql: SqlClient,
    { appenders = 'unknown' }: PostgresEventStoreOptions = {},
  ) {
    this.signalsEveryAppend = appenders !== 'unknown';
    this.notifyOtherProcesses = appenders === 'processes-that-notify';
  }

  async migrate(): Promise<void> {
    await migrate(this.sql, eventStoreMigrations);
  }

  async append(streamName: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const result = await appendToStream(this.sql, streamName, events, expectedVersion, this.notifyOtherProcesses);
    this.appended.notify();
    return result;
  }

  readStream(streamName: string, afterVersion?: number): Promise<RecordedEvent[]> {
    return readStream(this.sql, streamName, afterVersion);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return readAll(this.sql, options);
  }

  backlog(options?: Omit<ReadAllOptions, 'limit'>): Promise<EventBacklog> {
    return backlog(this.sql, options);
  }

  /** Wakes this process's readers: an append was committed elsewhere. */
  wakeReaders(): void {
    this.appended.notify();
  }

  waitForAppend(timeoutMs: number, since?: number): Promise<void> {
    return this.appended.wait(timeoutMs, since);
  }

  appendsSignalled(): number {
    return this.appended.count;
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.appended.notify();
  }
}
