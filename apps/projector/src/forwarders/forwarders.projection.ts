import {
  FORWARDER_ACCOUNT_SEEN,
  FORWARDER_CREDENTIAL_ISSUED,
  FORWARDER_CREDENTIAL_REVOKED,
  FORWARDER_HEARTBEAT,
  FORWARDER_NAMED,
  FORWARDER_RECOVERED,
  FORWARDER_RETIRED,
  FORWARDER_SEEN,
  FORWARDER_WENT_SILENT,
  ForwarderEvent,
  isForwarderEvent,
  isSmsReceived,
} from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { FORWARDERS_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';

type Tables = TablesOf<typeof FORWARDERS_PROJECTION>;

/** How far back a phone's usual quiet is learnt: four weeks, each hour of the week four times. */
export const HEARD_KEPT_DAYS = 28;

/**
 * The words phones spoke in a batch, `[forwarder id, when]`: each phone's history gains them (a replayed one is there
 * already), its row its latest, and what is older than the weeks learnt from goes. Three statements a batch.
 */
async function recordWords(tx: SqlExecutor, tables: Tables, words: readonly (readonly [string, string])[]): Promise<void> {
  if (words.length === 0) return;
  const ids = words.map(([forwarderId]) => forwarderId);
  const times = words.map(([, at]) => at);
  await tx.query(`INSERT INTO ${tables.heard} (forwarder_id, heard_at) SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) ON CONFLICT DO NOTHING`, [ids, times]);
  const latest = `(SELECT forwarder_id, max(heard_at) AS heard_at FROM unnest($1::uuid[], $2::timestamptz[]) AS word(forwarder_id, heard_at) GROUP BY forwarder_id)`;
  await tx.query(
    `UPDATE ${tables.forwarders} AS f SET last_heard_at = greatest(f.last_heard_at, latest.heard_at) FROM ${latest} AS latest WHERE f.forwarder_id = latest.forwarder_id`,
    [ids, times],
  );
  await tx.query(
    `DELETE FROM ${tables.heard} AS h USING ${latest} AS latest WHERE h.forwarder_id = latest.forwarder_id AND h.heard_at < latest.heard_at - make_interval(days => $3)`,
    [ids, times, HEARD_KEPT_DAYS],
  );
}

/** When a forwarder event is a word from the phone: its first SMS or heartbeat, or a heartbeat saying it is online. */
function spokeAt(event: ForwarderEvent): string | null {
  if (event.type === FORWARDER_SEEN) return event.data.seenAt;
  // An offline heartbeat is the app saying the phone is gone: no sign of life.
  if (event.type === FORWARDER_HEARTBEAT && event.data.status === 'online') return event.data.recordedAt;
  return null;
}

async function applyForwarder(tx: SqlExecutor, event: RecordedEvent<ForwarderEvent>, tables: Tables): Promise<void> {
  const { forwarderId } = event.data;
  const change = (set: string, values: readonly unknown[]) =>
    tx.query(`UPDATE ${tables.forwarders} SET ${set}, stream_version = $2 WHERE forwarder_id = $1 AND stream_version < $2`, [forwarderId, event.streamVersion, ...values]);
  switch (event.type) {
    case FORWARDER_SEEN: {
      const { tenantId, app, device, seenAt } = event.data;
      await tx.query(
        `INSERT INTO ${tables.forwarders} (forwarder_id, tenant_id, app, device, first_seen_at, last_heard_at, stream_version) VALUES ($1, $2, $3, $4, $5, $5, $6)
         ON CONFLICT (forwarder_id) DO UPDATE SET retired_at = NULL, stream_version = excluded.stream_version WHERE ${tables.forwarders}.stream_version < excluded.stream_version`,
        [forwarderId, tenantId, app, device, seenAt, event.streamVersion],
      );
      return;
    }
    case FORWARDER_HEARTBEAT:
      await change('heartbeat_status = $3, heartbeat_at = $4', [event.data.status, event.data.at]);
      return;
    case FORWARDER_NAMED:
      await change('name = $3', [event.data.name]);
      return;
    case FORWARDER_RETIRED:
      await change('retired_at = $3, silent_since = NULL', [event.data.retiredAt]);
      return;
    case FORWARDER_WENT_SILENT:
      await change('silent_since = $3', [event.data.detectedAt]);
      return;
    case FORWARDER_RECOVERED:
      await change('silent_since = NULL', []);
      return;
    case FORWARDER_CREDENTIAL_ISSUED:
      await change('credential_key_id = $3', [event.data.credential.keyId]);
      return;
    case FORWARDER_CREDENTIAL_REVOKED:
      await change('credential_key_id = NULL', []);
      return;
    case FORWARDER_ACCOUNT_SEEN: {
      const { gateway, account, sim, seenAt } = event.data;
      await change('accounts = accounts || $3::jsonb', [JSON.stringify([{ gateway, account, sim, since: seenAt }])]);
    }
  }
}

/**
 * `rm_forwarders`: each tenant's forwarding phones, their names, the accounts they carry, last heartbeat, last word,
 * silence and retirement (their SMS are in `rm_sms`); `rm_forwarder_heard`: when each spoke over the last four weeks, for its usual quiet.
 */
export const forwardersProjection: Projection<Tables> = {
  ...FORWARDERS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    const words: [string, string][] = [];
    for (const event of events) {
      if (isForwarderEvent(event)) {
        await applyForwarder(tx, event, tables);
        const at = spokeAt(event);
        if (at !== null) words.push([event.data.forwarderId, at]);
      } else if (isSmsReceived(event) && event.data.forwarderId !== null) {
        // An SMS is a word from its phone (one recorded before phones were told apart names none).
        words.push([event.data.forwarderId, event.data.recordedAt]);
      }
    }
    await recordWords(tx, tables, words);
  },
};
