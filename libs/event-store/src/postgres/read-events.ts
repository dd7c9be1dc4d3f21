import { SqlExecutor } from '@pvs/sql';
import { Checkpoint, EventBacklog, EventMetadata, ReadAllOptions, RecordedEvent } from '../event-store.port';
import { fromCheckpoint, toCheckpoint } from './checkpoint';

const COLUMNS = `event_id::text AS id, stream_name, stream_version, global_position,
  transaction_id::text AS transaction_id, event_type, data, metadata, recorded_at`;

interface EventRow {
  id: string;
  stream_name: string;
  stream_version: number;
  global_position: number;
  transaction_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamName: row.stream_name,
    streamVersion: row.stream_version,
    position: row.global_position,
    checkpoint: toCheckpoint(row.transaction_id, row.global_position),
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

export async function readStream(sql: SqlExecutor, streamName: string, afterVersion = 0): Promise<RecordedEvent[]> {
  const rows = await sql.query<EventRow>(
    `SELECT ${COLUMNS} FROM es_events WHERE stream_name = $1 AND stream_version > $2 ORDER BY stream_version`,
    [streamName, afterVersion],
  );
  return rows.map(toRecordedEvent);
}

export async function readStreams(sql: SqlExecutor, streamNames: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
  const byStream = new Map<string, RecordedEvent[]>(streamNames.map((name) => [name, []]));
  if (streamNames.length === 0) return byStream;
  const rows = await sql.query<EventRow>(
    `SELECT ${COLUMNS} FROM es_events WHERE stream_name = ANY($1::text[]) ORDER BY stream_name, stream_version`,
    [streamNames],
  );
  for (const row of rows) byStream.get(row.stream_name)?.push(toRecordedEvent(row));
  return byStream;
}

export const DEFAULT_BATCH_SIZE = 500;

/**
 * Ordered by (transaction id, position) and cut below the oldest transaction still open
 * (pg_snapshot_xmin): no transaction that could commit an event sorting before the last
 * one returned is still running, so resuming after it never skips an event. The ORDER BY names
 * the table's column: a bare `transaction_id` is the text output column, and would sort 1000 before 999.
 */
export async function readAll(sql: SqlExecutor, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
  const { conditions, params } = eventsAfter(options);
  params.push(options.limit ?? DEFAULT_BATCH_SIZE);
  conditions.push('transaction_id < pg_snapshot_xmin(pg_current_snapshot())');
  const rows = await sql.query<EventRow>(
    `SELECT ${COLUMNS} FROM es_events WHERE ${conditions.join(' AND ')}
     ORDER BY es_events.transaction_id, global_position LIMIT $${params.length}`,
    params,
  );
  return rows.map(toRecordedEvent);
}

/** The checkpoint of the last event `readAll` can return now (below the oldest open transaction). */
export async function readHead(sql: SqlExecutor): Promise<Checkpoint | null> {
  const [row] = await sql.query<{ transaction_id: string; global_position: number }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM es_events
     WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     ORDER BY es_events.transaction_id DESC, global_position DESC LIMIT 1`,
  );
  return row ? toCheckpoint(row.transaction_id, row.global_position) : null;
}

/** Every committed event after the checkpoint counts, even one a reader may not pass yet. */
export async function backlog(sql: SqlExecutor, options: Omit<ReadAllOptions, 'limit'> = {}): Promise<EventBacklog> {
  const { conditions, params } = eventsAfter(options);
  const [row] = await sql.query<{ events: number; oldest: Date | null }>(
    `SELECT count(*)::int AS events, min(recorded_at) AS oldest FROM es_events WHERE ${conditions.join(' AND ')}`,
    params,
  );
  return { events: row.events, oldestRecordedAt: row.oldest };
}

function eventsAfter(options: Omit<ReadAllOptions, 'limit'>): { conditions: string[]; params: unknown[] } {
  const after = fromCheckpoint(options.after);
  const params: unknown[] = [after.transactionId, after.position];
  const conditions = ['(transaction_id, global_position) > ($1::xid8, $2::bigint)'];
  if (options.filter?.categories) {
    params.push(options.filter.categories);
    conditions.push(`category = ANY($${params.length}::text[])`);
  }
  if (options.filter?.types) {
    params.push(options.filter.types);
    conditions.push(`event_type = ANY($${params.length}::text[])`);
  }
  return { conditions, params };
}
