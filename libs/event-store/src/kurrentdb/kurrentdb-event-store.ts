import { randomUUID } from 'node:crypto';
import {
  ANY,
  AppendStreamState,
  KurrentDBClient,
  NO_STREAM as KURRENT_NO_STREAM,
  START,
  STREAM_EXISTS as KURRENT_STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
} from '@kurrent/kurrentdb-client';
import {
  ANY_VERSION,
  AppendResult,
  Checkpoint,
  EventBacklog,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  ExpectedVersionConflictError,
  NO_STREAM,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  STREAM_EXISTS,
  StreamAppend,
  categoryOf,
} from '../event-store.port';

const WIDTH = 20;

/** `<commit>:<prepare>` of the $all position, zero-padded so checkpoints order as strings. */
function toCheckpoint(position: { commit: bigint; prepare: bigint }): Checkpoint {
  return `${position.commit.toString().padStart(WIDTH, '0')}:${position.prepare.toString().padStart(WIDTH, '0')}`;
}

function fromCheckpoint(checkpoint: Checkpoint): { commit: bigint; prepare: bigint } {
  const match = /^(\d{1,20}):(\d{1,20})$/.exec(checkpoint);
  if (!match) throw new Error(`Not a KurrentDB checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

/** Our versions count events from 1; KurrentDB revisions count from 0. */
function streamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === NO_STREAM || expected === 0) return KURRENT_NO_STREAM;
  if (expected === STREAM_EXISTS) return KURRENT_STREAM_EXISTS;
  if (expected === ANY_VERSION) return ANY;
  return BigInt(expected - 1);
}

interface KurrentRecorded {
  readonly id: string;
  readonly streamId: string;
  readonly revision: bigint;
  readonly type: string;
  readonly created: Date;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: { commit: bigint; prepare: bigint };
}

function toRecordedEvent(event: KurrentRecorded): RecordedEvent {
  const position = event.position ?? { commit: 0n, prepare: 0n };
  return {
    id: event.id,
    streamName: event.streamId,
    streamVersion: Number(event.revision) + 1,
    position: Number(position.commit),
    checkpoint: toCheckpoint(position),
    type: event.type,
    data: event.data,
    metadata: storedMetadata(event.metadata),
    recordedAt: event.created,
  };
}

function toJsonEvent(event: NewEvent) {
  return jsonEvent({ id: event.id ?? randomUUID(), type: event.type, data: jsonObject(event.data), metadata: { ...event.metadata } });
}

function textProperties(metadata: EventMetadata): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

/** The port's typed conflict for a refused expectation; any other error as it is. */
function conflictOf(error: unknown, streamName: string, expected: ExpectedVersion): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  const actual = typeof error.actualState === 'bigint' ? Number(error.actualState) + 1 : 0;
  return new ExpectedVersionConflictError(streamName, expected, actual);
}

/** Event data is a JSON object, as KurrentDB's JSON events take it. */
function jsonObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('Event data must be a JSON object');
  return { ...value };
}

/** The metadata this adapter wrote; a stored event without a correlation id is one no process of ours recorded. */
function storedMetadata(value: unknown): EventMetadata {
  const metadata = jsonObject(value);
  const text = (key: string) => (typeof metadata[key] === 'string' ? metadata[key] : undefined);
  const correlationId = text('correlationId');
  if (correlationId === undefined) throw new TypeError('Stored event metadata has no correlationId');
  const schemaVersion = Number(metadata.schemaVersion);
  return { tenantId: text('tenantId'), correlationId, causationId: text('causationId'), schemaVersion: Number.isInteger(schemaVersion) ? schemaVersion : undefined };
}

/**
 * The event store on KurrentDB (EVENT_STORE=kurrentdb). KurrentDB orders $all by commit position,
 * so its global order is commit-safe by construction; the port's conventions (versions from 1,
 * typed conflicts, opaque ordered checkpoints) are translated here.
 */
export class KurrentDbEventStore implements EventStore {
  constructor(private readonly client: KurrentDBClient) {}

  static connect(connectionString: string): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString));
  }

  async append(streamName: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.client.appendToStream(streamName, events.map(toJsonEvent), { streamState: streamState(expectedVersion) });
      return {
        nextExpectedVersion: Number(result.nextExpectedRevision) + 1,
        checkpoint: toCheckpoint(result.position ?? { commit: 0n, prepare: 0n }),
      };
    } catch (error) {
      throw conflictOf(error, streamName, expectedVersion);
    }
  }

  /**
   * KurrentDB's multi-stream append (server 25.1 and later): one transaction for all the streams. Its records
   * carry string properties, so the metadata's version travels as text and is read back as a number.
   */
  async appendAtomically(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    try {
      const result = await this.client.multiStreamAppend(
        appends.map(({ streamName, events, expected }) => ({
          streamName,
          events: events.map((event) => ({ ...toJsonEvent(event), metadata: textProperties(event.metadata) })),
          expectedState: streamState(expected),
        })),
      );
      const checkpoint = toCheckpoint({ commit: result.position, prepare: result.position });
      return result.responses.map((response) => ({ nextExpectedVersion: Number(response.revision) + 1, checkpoint }));
    } catch (error) {
      const failed = error instanceof WrongExpectedVersionError ? appends.find(({ streamName }) => streamName === error.streamName) : undefined;
      throw failed ? conflictOf(error, failed.streamName, failed.expected) : error;
    }
  }

  async readStream(streamName: string, afterVersion = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName, { fromRevision: afterVersion === 0 ? START : BigInt(afterVersion) })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event as KurrentRecorded));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return new Map(await Promise.all(streamNames.map(async (name) => [name, await this.readStream(name)] as const)));
  }

  /**
   * Reads $all past the checkpoint. The server filters (by stream prefix for categories, else by
   * type prefix, else system events out), so a page is never eaten by events the caller skips.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 500;
    const after = options.after ?? null;
    const events: RecordedEvent[] = [];
    const fromPosition = after ? fromCheckpoint(after) : START;
    const { categories, types } = options.filter ?? {};
    const filter = categories
      ? streamNameFilter({ prefixes: categories.map((category) => `${category}-`) })
      : types
        ? eventTypeFilter({ prefixes: [...types] })
        : excludeSystemEvents();
    // The start position is inclusive: one more, for the event at the checkpoint itself.
    for await (const resolved of this.client.readAll({ fromPosition, maxCount: limit + 1, filter })) {
      const event = resolved.event as KurrentRecorded | undefined;
      if (!event || event.streamId.startsWith('$') || event.type.startsWith('$')) continue;
      const recorded = toRecordedEvent(event);
      if (after && recorded.checkpoint <= after) continue;
      if (options.filter?.categories && !options.filter.categories.includes(categoryOf(recorded.streamName))) continue;
      if (options.filter?.types && !options.filter.types.includes(recorded.type)) continue;
      events.push(recorded);
      if (events.length === limit) break;
    }
    return events;
  }

  /** KurrentDB keeps no count of a filtered $all: the backlog is read through, page by page. */
  async backlog(options: Omit<ReadAllOptions, 'limit'> = {}): Promise<EventBacklog> {
    const limit = 1_000;
    let events = 0;
    let oldestRecordedAt: Date | null = null;
    for (let after = options.after ?? null; ; ) {
      const page = await this.readAll({ ...options, after, limit });
      oldestRecordedAt ??= page[0]?.recordedAt ?? null;
      events += page.length;
      if (page.length < limit) return { events, oldestRecordedAt };
      after = page[page.length - 1].checkpoint;
    }
  }

  async ping(): Promise<void> {
    for await (const _event of this.client.readAll({ maxCount: 1 })) break;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
