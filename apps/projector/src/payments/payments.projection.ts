import { PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_VERIFIED, PaymentDecisionEvent, PaymentIntentRegistered, isPaymentDecision, isPaymentIntentRegistered } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { paymentDecision } from '@pvs/domain';
import { PAYMENTS_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';
import { roundsByStream } from '../projections/stream-order';

async function insertIntents(tx: SqlExecutor, table: string, events: readonly RecordedEvent<PaymentIntentRegistered>[]): Promise<void> {
  if (events.length === 0) return;
  const intents = events.map((event) => event.data);
  await tx.query(
    `INSERT INTO ${table} (uuid, tenant_id, gateway, transaction_reference, amount_expected_paisa,
                           status, created_at, updated_at, stream_version, expires_at)
     SELECT uuid, tenant_id, gateway, reference, amount, 'pending', registered_at, registered_at, version, expires_at
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::timestamptz[], $7::bigint[], $8::timestamptz[])
       AS intent(uuid, tenant_id, gateway, reference, amount, registered_at, version, expires_at)
     ON CONFLICT (uuid) DO NOTHING`,
    [
      intents.map((intent) => intent.paymentId),
      intents.map((intent) => intent.tenantId),
      intents.map((intent) => intent.gateway),
      intents.map((intent) => intent.transactionReference),
      intents.map((intent) => intent.amountPaisa),
      intents.map((intent) => intent.registeredAt),
      events.map((event) => event.streamVersion),
      intents.map((intent) => intent.expiresAt),
    ],
  );
}

/**
 * Decisions of different payments (a round): each applies only over an older stream version, so a
 * replayed one changes nothing. updated_at is the event's time, so a rebuild writes the same rows.
 */
async function applyDecisions(tx: SqlExecutor, table: string, events: readonly RecordedEvent<PaymentDecisionEvent>[]): Promise<void> {
  if (events.length === 0) return;
  const changes = events.map(paymentDecision);
  await tx.query(
    `UPDATE ${table} AS payment
     SET status = change.status,
         amount_detected_paisa = COALESCE(change.amount_detected, payment.amount_detected_paisa),
         verified_at = COALESCE(change.verified_at, payment.verified_at),
         review_reason = COALESCE(change.review_reason, payment.review_reason),
         sms_id = COALESCE(change.sms_id, payment.sms_id),
         updated_at = change.recorded_at,
         stream_version = change.version
     FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::bigint[], $5::timestamptz[], $6::timestamptz[], $7::text[], $8::uuid[])
       AS change(uuid, version, status, amount_detected, verified_at, recorded_at, review_reason, sms_id)
     WHERE payment.uuid = change.uuid AND payment.stream_version < change.version`,
    [
      events.map((event) => event.data.paymentId),
      events.map((event) => event.streamVersion),
      changes.map((change) => change.status),
      changes.map((change) => change.amountDetectedPaisa ?? null),
      changes.map((change) => change.verifiedAt ?? null),
      events.map((event) => event.recordedAt),
      events.map((event) => (event.type === PAYMENT_FLAGGED_FOR_REVIEW ? event.data.reason : null)),
      events.map((event) => (event.type === PAYMENT_FLAGGED_FOR_REVIEW || event.type === PAYMENT_VERIFIED ? event.data.smsId : null)),
    ],
  );
}

/** `rm_payments`: one row per payment, behind GET /payments/status/{uuid}. A batch takes a few statements. */
export const paymentsProjection: Projection<TablesOf<typeof PAYMENTS_PROJECTION>> = {
  ...PAYMENTS_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    await insertIntents(tx, tables.payments, events.filter(isPaymentIntentRegistered));
    for (const round of roundsByStream(events.filter(isPaymentDecision))) await applyDecisions(tx, tables.payments, round);
  },
};
