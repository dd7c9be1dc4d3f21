import {
  AlertKind,
  FORWARDER_RECOVERED,
  FORWARDER_RETIRED,
  FORWARDER_WENT_SILENT,
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  SMS_GAP_FILLED,
  SMS_GAP_SUSPECTED,
  isAlertAcknowledged,
  isForwarderEvent,
  isLedgerEvent,
  isPaymentDecision,
  isPaymentStalled,
} from '@pvs/contracts';
import { alertIdFor } from '@pvs/domain';
import { RecordedEvent } from '@pvs/event-store';
import { ALERTS_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';

type Tables = TablesOf<typeof ALERTS_PROJECTION>;

interface Raised {
  readonly alertId: string;
  readonly tenantId: string;
  readonly kind: AlertKind;
  readonly subjectId: string;
  readonly details: object;
  readonly raisedAt: string;
}

/** A replayed event finds its alert there already. */
function raise(tx: SqlExecutor, tables: Tables, { alertId, tenantId, kind, subjectId, details, raisedAt }: Raised): Promise<unknown> {
  return tx.query(
    `INSERT INTO ${tables.alerts} (alert_id, tenant_id, kind, subject_id, details, raised_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT (alert_id) DO NOTHING`,
    [alertId, tenantId, kind, subjectId, JSON.stringify(details), raisedAt],
  );
}

/** Clears the open alerts of these kinds about the subject: what raised them is over. */
function clear(tx: SqlExecutor, tables: Tables, subjectId: string, kinds: readonly AlertKind[], at: string, by: string): Promise<unknown> {
  return tx.query(`UPDATE ${tables.alerts} SET cleared_at = $3, cleared_by = $4 WHERE subject_id = $1 AND kind = ANY($2::text[]) AND cleared_at IS NULL`, [subjectId, kinds, at, by]);
}

const PAYMENT_ALERTS: readonly AlertKind[] = ['payment.stalled', 'payment.review_required'];

async function applyEvent(tx: SqlExecutor, tables: Tables, event: RecordedEvent): Promise<void> {
  if (isForwarderEvent(event)) {
    switch (event.type) {
      case FORWARDER_WENT_SILENT: {
        const { forwarderId, tenantId, detectedAt } = event.data;
        await raise(tx, tables, { alertId: alertIdFor('forwarder.silent', `${forwarderId}\n${detectedAt}`), tenantId, kind: 'forwarder.silent', subjectId: forwarderId, details: event.data, raisedAt: detectedAt });
        return;
      }
      case FORWARDER_RECOVERED:
        await clear(tx, tables, event.data.forwarderId, ['forwarder.silent'], event.data.heardAt, 'forwarder.recovered');
        return;
      case FORWARDER_RETIRED:
        await clear(tx, tables, event.data.forwarderId, ['forwarder.silent'], event.data.retiredAt, 'forwarder.retired');
    }
    return;
  }
  if (isLedgerEvent(event)) {
    // A missing debit is no payment unseen: it is listed with the gaps, and alerts nobody.
    if (event.type === SMS_GAP_SUSPECTED && event.data.direction === 'credit') {
      const { gapId, tenantId, detectedAt } = event.data;
      await raise(tx, tables, { alertId: alertIdFor('sms.gap_suspected', gapId), tenantId, kind: 'sms.gap_suspected', subjectId: gapId, details: event.data, raisedAt: detectedAt });
    }
    if (event.type === SMS_GAP_FILLED) await clear(tx, tables, event.data.gapId, ['sms.gap_suspected'], event.data.filledAt, 'sms.gap_filled');
    return;
  }
  if (isPaymentStalled(event)) {
    const { paymentId, tenantId, detectedAt } = event.data;
    await raise(tx, tables, { alertId: alertIdFor('payment.stalled', paymentId), tenantId, kind: 'payment.stalled', subjectId: paymentId, details: event.data, raisedAt: detectedAt });
    return;
  }
  if (isPaymentDecision(event)) {
    const { paymentId } = event.data;
    switch (event.type) {
      case PAYMENT_FLAGGED_FOR_REVIEW: {
        await clear(tx, tables, paymentId, ['payment.stalled'], event.data.flaggedAt, 'payment.manual_review');
        const tenantId = event.metadata.tenantId;
        if (tenantId) await raise(tx, tables, { alertId: alertIdFor('payment.review_required', paymentId), tenantId, kind: 'payment.review_required', subjectId: paymentId, details: event.data, raisedAt: event.data.flaggedAt });
        return;
      }
      case PAYMENT_VERIFIED:
        await clear(tx, tables, paymentId, PAYMENT_ALERTS, event.data.verifiedAt, 'payment.verified');
        return;
      case PAYMENT_APPROVED:
        await clear(tx, tables, paymentId, PAYMENT_ALERTS, event.data.decidedAt, 'payment.verified');
        return;
      case PAYMENT_REJECTED:
        await clear(tx, tables, paymentId, PAYMENT_ALERTS, event.data.decidedAt, 'payment.failed');
        return;
      case PAYMENT_EXPIRED:
        await clear(tx, tables, paymentId, PAYMENT_ALERTS, event.data.expiredAt, 'payment.failed');
    }
    return;
  }
  if (isAlertAcknowledged(event)) {
    const { alertId, acknowledgedBy, acknowledgedAt, note } = event.data;
    await tx.query(`UPDATE ${tables.alerts} SET acknowledged_at = $2, acknowledged_by = $3, note = $4 WHERE alert_id = $1 AND acknowledged_at IS NULL`, [alertId, acknowledgedAt, acknowledgedBy, note]);
  }
}

/**
 * `rm_alerts`: what needs a person's eye — a phone silent while money is awaited, a credit the balances say arrived
 * unseen, a payment stalled, a payment waiting for review — raised by the fact that says so, cleared by the fact that
 * ends it, acknowledged by an operator.
 */
export const alertsProjection: Projection<Tables> = {
  ...ALERTS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    for (const event of events) await applyEvent(tx, tables, event);
  },
};
