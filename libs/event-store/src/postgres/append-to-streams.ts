import { randomUUID } from 'node:crypto';
import { SqlClient, SqlExecutor } from '@pvs/sql';
import { ANY_VERSION, AppendResult, NO_STREAM, STREAM_EXISTS, StreamAppend, categoryOf } from '../event-store.port';
import { APPENDED_CHANNEL } from './append-notifications';
import { appendToStream, versionConflict, versionStep } from './append-to-stream';
import { toCheckpoint } from './checkpoint';

export type AppendOutcome = { readonly appended: AppendResult } | { readonly failed: unknown };

/**
 * Appends to several streams (each at most once) in one statement, so one commit and one
 * notification carry them all. Each stream's expectation is checked as `appendToStream` checks it;
 * a stream whose expectation fails gets no events and its conflict. Any error of the statement
 * (an event id recorded before, say) makes each append run alone, so each gets its own answer.
 */
export async function appendToStreams(sql: SqlExecutor, appends: readonly StreamAppend[], notify: boolean): Promise<AppendOutcome[]> {
  let rows: GroupAppendedRow[];
  try {
    rows = await sql.query<GroupAppendedRow>(groupAppendStatement(notify), [JSON.stringify(appends.map(requestRow))]);
  } catch {
    return appendOneByOne(sql, appends, notify);
  }
  return outcomesOf(sql, appends, rows);
}

/**
 * The same statement in a transaction of its own, committed only when every expectation held: all or
 * none. A failed expectation rolls it back and throws its conflict.
 */
export function appendAllOrNone(sql: SqlClient, appends: readonly StreamAppend[], notify: boolean): Promise<AppendResult[]> {
  return sql.transaction(async (tx) => {
    const rows = await tx.query<GroupAppendedRow>(groupAppendStatement(notify), [JSON.stringify(appends.map(requestRow))]);
    return (await outcomesOf(tx, appends, rows)).map((outcome) => {
      if ('failed' in outcome) throw outcome.failed;
      return outcome.appended;
    });
  });
}

function outcomesOf(sql: SqlExecutor, appends: readonly StreamAppend[], rows: readonly GroupAppendedRow[]): Promise<AppendOutcome[]> {
  const lastRowOf = new Map(rows.map((row) => [row.stream_name, row]));
  return Promise.all(
    appends.map(async ({ streamName, expected }): Promise<AppendOutcome> => {
      const last = lastRowOf.get(streamName);
      if (!last) return { failed: await versionConflict(sql, streamName, expected) };
      return { appended: { nextExpectedVersion: last.stream_version, checkpoint: toCheckpoint(last.transaction_id, last.global_position) } };
    }),
  );
}

async function appendOneByOne(sql: SqlExecutor, appends: readonly StreamAppend[], notify: boolean): Promise<AppendOutcome[]> {
  const outcomes: AppendOutcome[] = [];
  for (const { streamName, events, expected } of appends) {
    try {
      outcomes.push({ appended: await appendToStream(sql, streamName, events, expected, notify) });
    } catch (failed) {
      outcomes.push({ failed });
    }
  }
  return outcomes;
}

interface GroupAppendedRow {
  stream_name: string;
  global_position: number;
  stream_version: number;
  transaction_id: string;
}

/** `expected` as one of the statement's four steps, with the version an `exact` step needs. */
function requestRow({ streamName, events, expected }: StreamAppend, item: number) {
  const step = versionStep(expected);
  return {
    item,
    stream_name: streamName,
    category: categoryOf(streamName),
    count: events.length,
    step,
    version: step === 'exact' ? expected : null,
    events: events.map((event) => ({ id: event.id ?? randomUUID(), type: event.type, data: event.data, metadata: event.metadata })),
  };
}

// The same steps as appendToStream's, each over the requests that ask for it; streams are distinct,
// so no row is touched twice. Rows come back in request order, each stream's in version order.
function groupAppendStatement(notify: boolean): string {
  const notified = notify ? `, (SELECT pg_notify('${APPENDED_CHANNEL}', '')) AS notified` : '';
  return `
    WITH request AS (
      SELECT * FROM json_to_recordset($1::json)
        AS r(item int, stream_name text, category text, count int, step text, version bigint, events json)
    ),
    created AS (
      INSERT INTO es_streams (stream_name, category, version)
      SELECT stream_name, category, count FROM request WHERE step = '${NO_STREAM}'
      ON CONFLICT DO NOTHING RETURNING stream_name, version
    ),
    upserted AS (
      INSERT INTO es_streams (stream_name, category, version)
      SELECT stream_name, category, count FROM request WHERE step = '${ANY_VERSION}'
      ON CONFLICT (stream_name) DO UPDATE SET version = es_streams.version + EXCLUDED.version
      RETURNING stream_name, version
    ),
    moved AS (
      UPDATE es_streams s SET version = s.version + r.count FROM request r
      WHERE s.stream_name = r.stream_name AND s.category = r.category
        AND (r.step = '${STREAM_EXISTS}' OR (r.step = 'exact' AND s.version = r.version))
      RETURNING s.stream_name, s.version
    ),
    stepped AS (SELECT * FROM created UNION ALL SELECT * FROM upserted UNION ALL SELECT * FROM moved),
    appended AS (
      INSERT INTO es_events (event_id, stream_name, stream_version, category, event_type, data, metadata)
      SELECT (e.event->>'id')::uuid, r.stream_name, s.version - r.count + e.ord, r.category, e.event->>'type',
             e.event->'data', (e.event->'metadata')::jsonb
      FROM request r JOIN stepped s USING (stream_name), json_array_elements(r.events) WITH ORDINALITY AS e(event, ord)
      ORDER BY r.item, e.ord
      RETURNING global_position, stream_name, stream_version, transaction_id::text AS transaction_id
    )
    SELECT stream_name, global_position, stream_version, transaction_id FROM appended${notified}
    ORDER BY global_position`;
}
