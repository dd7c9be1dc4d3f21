import { SMS_MATCHED, SMS_PARSED, SMS_RECEIVED, SMS_REJECTED, SMS_UNMATCHED, SmsEvent, describeDeparture, isSmsEvent } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { SMS_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';

/**
 * An UPDATE of the event's SMS row that only applies over an older stream version, so a replayed
 * event changes nothing. In `set`, $3… are the values given.
 */
async function change(tx: SqlExecutor, table: string, event: RecordedEvent<SmsEvent>, set: string, values: readonly unknown[] = []): Promise<void> {
  await tx.query(`UPDATE ${table} SET ${set}, stream_version = $2 WHERE sms_id = $1 AND stream_version < $2`, [event.data.smsId, event.streamVersion, ...values]);
}

async function applySms(tx: SqlExecutor, event: RecordedEvent<SmsEvent>, table: string): Promise<void> {
  switch (event.type) {
    case SMS_RECEIVED: {
      const sms = event.data;
      await tx.query(
        `INSERT INTO ${table} (sms_id, tenant_id, sender, body, source, received_at, recorded_at, state, stream_version, forwarder_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'received', $8, $9) ON CONFLICT (sms_id) DO NOTHING`,
        [sms.smsId, sms.tenantId, sms.sender, sms.body, sms.source, sms.receivedAt, sms.recordedAt, event.streamVersion, sms.forwarderId],
      );
      return;
    }
    case SMS_PARSED:
      return change(tx, table, event, `state = 'parsed', rejection_reason = NULL, gateway = $3, reference = $4, amount_paisa = $5, outcome = NULL, departures = $6`, [
        event.data.gateway,
        event.data.reference,
        event.data.amountPaisa,
        event.data.departures?.map(describeDeparture) ?? null,
      ]);
    case SMS_REJECTED:
      return change(tx, table, event, `state = 'rejected', rejection_reason = $3, departures = NULL`, [event.data.reason]);
    case SMS_MATCHED:
      return change(tx, table, event, `outcome = $3, payment_id = $4`, [event.data.status, event.data.paymentId]);
    case SMS_UNMATCHED:
      return change(tx, table, event, `outcome = $3, payment_id = $4`, [event.data.reason, event.data.paymentId]);
  }
}

/** `rm_sms`: every forwarded SMS with its parse result and outcome, for operators. */
export const smsProjection: Projection<TablesOf<typeof SMS_PROJECTION>> = {
  ...SMS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    for (const event of events) if (isSmsEvent(event)) await applySms(tx, event, tables.sms);
  },
};
