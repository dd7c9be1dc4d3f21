import { Event } from '@pvs/contracts';

export const EVENT_STORE = Symbol('EVENT_STORE');
/** The store's `EventDataRewrite`, or null where it cannot rewrite an event (KurrentDB). */
export const EVENT_DATA_REWRITE = Symbol('EVENT_DATA_REWRITE');

/** Stream versions count events: an empty stream is at 0, its first event is version 1. */
export const NO_STREAM = 'no_stream';
export const STREAM_EXISTS = 'stream_exists';
export const ANY_VERSION = 'any';
export type ExpectedVersion = number | typeof NO_STREAM | typeof STREAM_EXISTS | typeof ANY_VERSION;

export interface EventMetadata {
  readonly tenantId?: string;
  readonly correlationId: string;
  readonly causationId?: string;
  /** The version of its type's shape the event was recorded at; absent before events had versions (version 1). */
  readonly schemaVersion?: number;
  /** The W3C trace context of the span that recorded it (absent when tracing is off), so what it causes joins its trace. */
  readonly traceparent?: string;
  readonly tracestate?: string;
}

/** An event about to be appended: the store gives it an id unless it has one. */
export type NewEvent<E extends Event = Event> = E & {
  readonly id?: string;
  readonly metadata: EventMetadata;
};

/**
 * Where a reader stands in the global log. Opaque, but checkpoints of one store
 * order as plain strings; `null` is the start of the log.
 */
export type Checkpoint = string;

const MAX_CHECKPOINT_PART = 2n ** 63n - 1n;

/**
 * Whether `value` has the shape every adapter gives its checkpoints: two zero-padded numbers,
 * `<n>:<n>`, each within a signed 64-bit integer (larger ones would overflow the stores' types).
 */
export function isCheckpoint(value: string): boolean {
  const parts = /^(\d{1,20}):(\d{1,20})$/.exec(value);
  return parts !== null && BigInt(parts[1]) <= MAX_CHECKPOINT_PART && BigInt(parts[2]) <= MAX_CHECKPOINT_PART;
}

/** Where and when an event was recorded. */
export interface EventRecord {
  readonly id: string;
  readonly streamName: string;
  readonly streamVersion: number;
  /** Unique and increasing within a transaction; use `checkpoint` to order across transactions. */
  readonly position: number;
  readonly checkpoint: Checkpoint;
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
}

/** A stored event; narrowed to a declared union (see `eventGuard`), its type types its data. */
export type RecordedEvent<E extends Event = Event> = E & EventRecord;

/** Events for one stream, appended if the stream stands where `expected` says. */
export interface StreamAppend {
  readonly streamName: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedVersion;
}

export interface AppendResult {
  readonly nextExpectedVersion: number;
  readonly checkpoint: Checkpoint;
}

export interface EventFilter {
  /** Stream categories: the part of the stream name before the first `-`. */
  readonly categories?: readonly string[];
  readonly types?: readonly string[];
}

export interface ReadAllOptions {
  readonly after?: Checkpoint | null;
  readonly limit?: number;
  readonly filter?: EventFilter;
}

/** Events past a checkpoint that pass a filter: how far a reader is behind the log. */
export interface EventBacklog {
  readonly events: number;
  /** When the first of them was recorded; null when there are none. */
  readonly oldestRecordedAt: Date | null;
}

export interface EventStore {
  append(streamName: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * Appends to several distinct streams in one transaction: all of them or, when any expectation fails, none
   * (its conflict is thrown). Results come in request order.
   */
  appendAtomically(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamName: string, afterVersion?: number): Promise<RecordedEvent[]>;
  /** Every event of each stream named, in version order (an unknown stream is empty); one round trip where the store allows. */
  readStreams(streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /**
   * Events after a checkpoint in commit-safe order: an event is returned only once no
   * transaction that could still commit an earlier one is open, so readers never skip.
   */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Counts the committed events after `after` that pass `filter`, without reading them out. */
  backlog(options?: Omit<ReadAllOptions, 'limit'>): Promise<EventBacklog>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A stored event as the store holds it: its data before any upcaster. */
export interface StoredEvent {
  readonly id: string;
  readonly streamName: string;
  readonly type: string;
  readonly data: unknown;
  readonly recordedAt: Date;
}

/**
 * Rewrites stored events' data in place, where a store can: only to seal payer data recorded before it was sealed
 * (issue 34), never to change a fact. A store that cannot (KurrentDB) copies and replaces streams instead.
 */
export interface EventDataRewrite {
  /**
   * Goes through the stored events of `types` in log order and replaces the data of each one `rewrite` answers new
   * data for (null: leave it), as long as it is still as read; answers how many it replaced. Readers of this process
   * are served the new data from then on.
   */
  rewriteData(types: readonly string[], rewrite: (event: StoredEvent) => Promise<unknown>): Promise<number>;
}

export class ExpectedVersionConflictError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamName} is at version ${actual}, expected ${expected}`);
    this.name = 'ExpectedVersionConflictError';
  }
}

export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}
