import {
  PAYMENT_APPROVED,
  PAYMENT_CATEGORY,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  PaymentFlaggedForReviewData,
  PaymentIntentRegisteredData,
  PaymentReviewedData,
  PaymentVerifiedData,
} from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';
import { ApplyEvent, versionedUpdate } from '../projections/versioned-update';

const paymentId = (event: RecordedEvent) => (event.data as { paymentId: string }).paymentId;
// $3 is the event's time, so a rebuild writes the same updated_at; $4… are the values given.
const change = (set: string, values: (event: RecordedEvent) => unknown[] = () => []) =>
  versionedUpdate('rm_payments', 'uuid', paymentId, `${set}, updated_at = $3`, (event) => [event.recordedAt, ...values(event)]);

const APPLY: Record<string, ApplyEvent> = {
  [PAYMENT_INTENT_REGISTERED]: async (tx, event) => {
    const intent = event.data as PaymentIntentRegisteredData;
    await tx.query(
      `INSERT INTO rm_payments (uuid, tenant_id, gateway, transaction_reference, amount_expected_paisa,
                                status, created_at, updated_at, stream_version, expires_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6, $7, $8)
       ON CONFLICT (uuid) DO NOTHING`,
      [intent.paymentId, intent.tenantId, intent.gateway, intent.transactionReference, intent.amountPaisa, intent.registeredAt, event.streamVersion, intent.expiresAt],
    );
  },
  [PAYMENT_VERIFIED]: change(`status = 'verified', amount_detected_paisa = $4, verified_at = $5`, (event) => {
    const data = event.data as PaymentVerifiedData;
    return [data.amountDetectedPaisa, data.verifiedAt];
  }),
  [PAYMENT_FLAGGED_FOR_REVIEW]: change(`status = 'manual_review', amount_detected_paisa = $4`, (event) => [
    (event.data as PaymentFlaggedForReviewData).amountDetectedPaisa,
  ]),
  [PAYMENT_APPROVED]: change(`status = 'verified', verified_at = $4`, (event) => [(event.data as PaymentReviewedData).decidedAt]),
  [PAYMENT_REJECTED]: change(`status = 'failed'`),
  [PAYMENT_EXPIRED]: change(`status = 'failed'`),
};

/** `rm_payments`: one row per payment, behind GET /payments/status/{uuid}. */
export const paymentsProjection: Projection = {
  name: 'payments',
  filter: { categories: [PAYMENT_CATEGORY] },

  async apply(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) await APPLY[event.type]?.(tx, event);
  },

  async reset(tx: SqlExecutor): Promise<void> {
    await tx.query('DELETE FROM rm_payments');
  },
};
