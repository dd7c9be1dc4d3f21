import {
  SMS_MATCHED,
  SMS_PARSED,
  SMS_RECEIVED,
  SMS_REJECTED,
  SMS_UNMATCHED,
  SmsMatchedData,
  SmsParsedData,
  SmsReceivedData,
  SmsRejectedData,
  SmsUnmatchedData,
} from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { SMS_PROJECTION, TablesOf } from '@pvs/read-model';
import { Projection } from '../projections/projection';
import { ApplyEvent, versionedUpdate } from '../projections/versioned-update';

const smsId = (event: RecordedEvent) => (event.data as { smsId: string }).smsId;
const change = (set: string, values?: (event: RecordedEvent) => unknown[]) => versionedUpdate('sms_id', smsId, set, values);

const APPLY: Record<string, ApplyEvent> = {
  [SMS_RECEIVED]: async (tx, event, table) => {
    const sms = event.data as SmsReceivedData;
    await tx.query(
      `INSERT INTO ${table} (sms_id, tenant_id, sender, body, source, received_at, recorded_at, state, stream_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'received', $8) ON CONFLICT (sms_id) DO NOTHING`,
      [sms.smsId, sms.tenantId, sms.sender, sms.body, sms.source, sms.receivedAt, sms.recordedAt, event.streamVersion],
    );
  },
  [SMS_PARSED]: change(`state = 'parsed', rejection_reason = NULL, gateway = $3, reference = $4, amount_paisa = $5, outcome = NULL`, (event) => {
    const parsed = event.data as SmsParsedData;
    return [parsed.gateway, parsed.reference, parsed.amountPaisa];
  }),
  [SMS_REJECTED]: change(`state = 'rejected', rejection_reason = $3`, (event) => [(event.data as SmsRejectedData).reason]),
  [SMS_MATCHED]: change(`outcome = $3, payment_id = $4`, (event) => {
    const matched = event.data as SmsMatchedData;
    return [matched.status, matched.paymentId];
  }),
  [SMS_UNMATCHED]: change(`outcome = $3, payment_id = $4`, (event) => {
    const unmatched = event.data as SmsUnmatchedData;
    return [unmatched.reason, unmatched.paymentId];
  }),
};

/** `rm_sms`: every forwarded SMS with its parse result and outcome, for operators. */
export const smsProjection: Projection<TablesOf<typeof SMS_PROJECTION>> = {
  ...SMS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    for (const event of events) await APPLY[event.type]?.(tx, event, tables.sms);
  },
};
