import { BALANCE_STATED, LedgerEvent, SMS_GAP_FILLED, SMS_GAP_SUSPECTED, isLedgerEvent } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { LEDGERS_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';

type Tables = TablesOf<typeof LEDGERS_PROJECTION>;

async function applyLedger(tx: SqlExecutor, event: RecordedEvent<LedgerEvent>, tables: Tables): Promise<void> {
  const version = event.streamVersion;
  switch (event.type) {
    case BALANCE_STATED: {
      const { accountKey, tenantId, gateway, account, balancePaisa, at, unsettledSince } = event.data;
      // The last balance is the latest statement's in time, which a late SMS does not change.
      await tx.query(
        `INSERT INTO ${tables.ledgers} (account_key, tenant_id, gateway, account, last_balance_paisa, last_stated_at, statements, unsettled_since, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8)
         ON CONFLICT (account_key) DO UPDATE SET
           last_balance_paisa = CASE WHEN excluded.last_stated_at >= ${tables.ledgers}.last_stated_at THEN excluded.last_balance_paisa ELSE ${tables.ledgers}.last_balance_paisa END,
           last_stated_at = greatest(${tables.ledgers}.last_stated_at, excluded.last_stated_at),
           statements = ${tables.ledgers}.statements + 1, unsettled_since = excluded.unsettled_since, stream_version = excluded.stream_version
         WHERE ${tables.ledgers}.stream_version < excluded.stream_version`,
        [accountKey, tenantId, gateway, account, balancePaisa, at, unsettledSince, version],
      );
      return;
    }
    case SMS_GAP_SUSPECTED: {
      const { gapId, tenantId, accountKey, gateway, account, direction, amountPaisa, windowStart, windowEnd, candidatePaymentIds, detectedAt, unsettledSince } = event.data;
      await tx.query(
        `INSERT INTO ${tables.gaps} (gap_id, tenant_id, account_key, gateway, account, direction, amount_paisa, window_start, window_end, candidate_payment_ids, detected_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::uuid[], $11) ON CONFLICT (gap_id) DO NOTHING`,
        [gapId, tenantId, accountKey, gateway, account, direction, amountPaisa, windowStart, windowEnd, candidatePaymentIds, detectedAt],
      );
      await tx.query(`UPDATE ${tables.ledgers} SET unsettled_since = $2, stream_version = $3 WHERE account_key = $1 AND stream_version < $3`, [accountKey, unsettledSince, version]);
      return;
    }
    case SMS_GAP_FILLED: {
      const { gapId, smsId, filledAt, accountKey } = event.data;
      await tx.query(`UPDATE ${tables.gaps} SET filled_at = $2, filled_by_sms_id = $3 WHERE gap_id = $1 AND filled_at IS NULL`, [gapId, filledAt, smsId]);
      await tx.query(`UPDATE ${tables.ledgers} SET stream_version = $2 WHERE account_key = $1 AND stream_version < $2`, [accountKey, version]);
    }
  }
}

/** `rm_ledgers`: each receiving account's last stated balance and unreported break; `rm_sms_gaps`: the SMS suspected missing. */
export const ledgersProjection: Projection<Tables> = {
  ...LEDGERS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    for (const event of events) if (isLedgerEvent(event)) await applyLedger(tx, event, tables);
  },
};
