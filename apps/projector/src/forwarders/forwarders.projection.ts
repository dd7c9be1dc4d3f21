import { FORWARDER_HEARTBEAT, FORWARDER_NAMED, FORWARDER_SEEN, ForwarderEvent, isForwarderEvent } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { FORWARDERS_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';

async function applyForwarder(tx: SqlExecutor, event: RecordedEvent<ForwarderEvent>, table: string): Promise<void> {
  const { forwarderId } = event.data;
  const change = (set: string, values: readonly unknown[]) =>
    tx.query(`UPDATE ${table} SET ${set}, stream_version = $2 WHERE forwarder_id = $1 AND stream_version < $2`, [forwarderId, event.streamVersion, ...values]);
  switch (event.type) {
    case FORWARDER_SEEN: {
      const { tenantId, app, device, seenAt } = event.data;
      await tx.query(
        `INSERT INTO ${table} (forwarder_id, tenant_id, app, device, first_seen_at, stream_version) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (forwarder_id) DO UPDATE SET retired_at = NULL, stream_version = excluded.stream_version WHERE ${table}.stream_version < excluded.stream_version`,
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
    default:
      await change('retired_at = $3', [event.data.retiredAt]);
  }
}

/** `rm_forwarders`: each tenant's forwarding phones, their names, last heartbeat and retirement (their SMS are in `rm_sms`). */
export const forwardersProjection: Projection<TablesOf<typeof FORWARDERS_PROJECTION>> = {
  ...FORWARDERS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    for (const event of events) if (isForwarderEvent(event)) await applyForwarder(tx, event, tables.forwarders);
  },
};
