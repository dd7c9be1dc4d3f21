import { randomUUID } from 'node:crypto';
import { SqlExecutor, isUniqueViolation } from '@pvs/sql';
import {
  ANY_VERSION,
  AppendResult,
  ExpectedVersion,
  ExpectedVersionConflictError,
  NO_STREAM,
  NewEvent,
  STREAM_EXISTS,
  categoryOf,
} from '../event-store.port';
import { APPENDED_CHANNEL } from './append-notifications';
import { toCheckpoint } from './checkpoint';

// Each variant moves the stream row to its new version and returns it, or returns no row on a conflict.
const STREAM_VERSION_STEP: Record<string, string> = {
  [NO_STREAM]: `INSERT INTO es_streams (stream_name, category, version) VALUES ($1, $2, $3)
                ON CONFLICT DO NOTHING RETURNING version`,
  [STREAM_EXISTS]: `UPDATE es_streams SET version = version + $3
                    WHERE stream_name = $1 AND category = $2 RETURNING version`,
  [ANY_VERSION]: `INSERT INTO es_streams (stream_name, category, version) VALUES ($1, $2, $3)
                  ON CONFLICT (stream_name) DO UPDATE SET version = es_streams.version + EXCLUDED.version
                  RETURNING version`,
  exact: `UPDATE es_streams SET version = version + $3
          WHERE stream_name = $1 AND category = $2 AND version = $5 RETURNING version`,
};

/** Which stream-version step an expectation takes: version 0 is "no stream", other numbers `exact`. */
export function versionStep(expected: ExpectedVersion): string {
  return typeof expected === 'number' ? (expected === 0 ? NO_STREAM : 'exact') : expected;
}

function appendStatement(expected: ExpectedVersion, notify: boolean): string {
  const step = versionStep(expected);
  // pg_notify is delivered at commit, so listeners never wake before the events are visible.
  const notified = notify ? `, (SELECT pg_notify('${APPENDED_CHANNEL}', '')) AS notified` : '';
  return `
    WITH stream AS (${STREAM_VERSION_STEP[step]}),
    appended AS (
      INSERT INTO es_events (event_id, stream_name, stream_version, category, event_type, data, metadata)
      SELECT (e.event->>'id')::uuid, $1, stream.version - $3 + e.ord, $2, e.event->>'type',
             e.event->'data', (e.event->'metadata')::jsonb
      FROM stream, json_array_elements($4::json) WITH ORDINALITY AS e(event, ord)
      ORDER BY e.ord
      RETURNING global_position, stream_version, transaction_id::text AS transaction_id
    )
    SELECT global_position, stream_version, transaction_id FROM appended${notified} ORDER BY stream_version`;
}

interface AppendedRow {
  global_position: number;
  stream_version: number;
  transaction_id: string;
}

export async function appendToStream(
  sql: SqlExecutor,
  streamName: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  notify = false,
): Promise<AppendResult> {
  const payload = JSON.stringify(
    events.map((event) => ({ id: event.id ?? randomUUID(), type: event.type, data: event.data, metadata: event.metadata })),
  );
  const params = [streamName, categoryOf(streamName), events.length, payload];
  if (versionStep(expected) === 'exact') params.push(expected);

  let rows: AppendedRow[];
  try {
    rows = await sql.query<AppendedRow>(appendStatement(expected, notify), params);
  } catch (error) {
    if (isUniqueViolation(error)) throw await versionConflict(sql, streamName, expected);
    throw error;
  }
  if (rows.length === 0) throw await versionConflict(sql, streamName, expected);
  const last = rows[rows.length - 1];
  return { nextExpectedVersion: last.stream_version, checkpoint: toCheckpoint(last.transaction_id, last.global_position) };
}

/** The conflict error for an append whose expectation failed, with the stream's version now. */
export async function versionConflict(sql: SqlExecutor, streamName: string, expected: ExpectedVersion): Promise<ExpectedVersionConflictError> {
  const [row] = await sql.query<{ version: number }>('SELECT version FROM es_streams WHERE stream_name = $1', [streamName]);
  return new ExpectedVersionConflictError(streamName, expected, row?.version ?? 0);
}
