import { SqlClient, migrate } from '@pvs/sql';
import { AppendResult, EventBacklog, EventStore, ExpectedVersion, NewEvent, ReadAllOptions, RecordedEvent } from '../event-store.port';
import { AppendSignal } from '../append-signal';
import { appendToStream } from './append-to-stream';
import { backlog, readAll, readStream } from './read-events';
import { eventStoreMigrations } from './schema';

export interface PostgresEventStoreOptions {
  /** Notify other processes of each append (see AppendNotifications); one process alone needs not. */
  readonly notifyOtherProcesses?: boolean;
}

/** The event store on PostgreSQL; the same SQL runs on a server (pg) and embedded (PGlite). */
export class PostgresEventStore implements EventStore {
  private readonly appended = new AppendSignal();

  constructor(
    private readonly sql: SqlClient,
    private readonly options: PostgresEventStoreOptions = {},
  ) {}

  async migrate(): Promise<void> {
    await migrate(this.sql, eventStoreMigrations);
  }

  async append(streamName: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const result = await appendToStream(this.sql, streamName, events, expectedVersion, this.options.notifyOtherProcesses);
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

  waitForAppend(timeoutMs: number): Promise<void> {
    return this.appended.wait(timeoutMs);
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.appended.notify();
  }
}
