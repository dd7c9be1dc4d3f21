export const EVENT_STORE = Symbol('EVENT_STORE');

/** Stream versions count events: an empty stream is at 0, its first event is version 1. */
export const NO_STREAM = 'no_stream';
export const STREAM_EXISTS = 'stream_exists';
export const ANY_VERSION = 'any';
export type ExpectedVersion = number | typeof NO_STREAM | typeof STREAM_EXISTS | typeof ANY_VERSION;

export interface EventMetadata {
  readonly tenantId?: string;
  readonly correlationId: string;
  readonly causationId?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly id?: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

/**
 * Where a reader stands in the global log. Opaque, but checkpoints of one store
 * order as plain strings; `null` is the start of the log.
 */
export type Checkpoint = string;

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly streamName: string;
  readonly streamVersion: number;
  /** Unique and increasing within a transaction; use `checkpoint` to order across transactions. */
  readonly position: number;
  readonly checkpoint: Checkpoint;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
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

export interface EventStore {
  append(streamName: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  readStream(streamName: string, afterVersion?: number): Promise<RecordedEvent[]>;
  /**
   * Events after a checkpoint in commit-safe order: an event is returned only once no
   * transaction that could still commit an earlier one is open, so readers never skip.
   */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Resolves when an append by this process committed, or after `timeoutMs`. */
  waitForAppend(timeoutMs: number): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
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
