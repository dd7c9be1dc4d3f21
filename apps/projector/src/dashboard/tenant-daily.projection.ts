import { PaymentDecisionEvent, PaymentIntentRegistered, PaymentStatus, businessDay, isPaymentDecision, isPaymentIntentRegistered } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { paymentDecision } from '@pvs/domain';
import { TENANT_DAILY_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { Projection } from '../projections/projection';
import { roundsByStream } from '../projections/stream-order';
import { CounterChange, DailyPayment, counterChanges, mergeCounterChanges } from './daily-counters';

/** Records each payment once; only a first recording counts it. */
async function register(tx: SqlExecutor, table: string, events: readonly RecordedEvent<PaymentIntentRegistered>[]): Promise<CounterChange[]> {
  if (events.length === 0) return [];
  const intents = events.map((event) => event.data);
  const registered = await tx.query<DailyPayment>(
    `INSERT INTO ${table} (payment_id, tenant_id, day, gateway, amount_paisa, status, registered_at, stream_version)
     SELECT payment_id, tenant_id, day, gateway, amount_paisa, 'pending', registered_at, version
     FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::text[], $5::bigint[], $6::timestamptz[], $7::bigint[])
       AS intent(payment_id, tenant_id, day, gateway, amount_paisa, registered_at, version)
     ON CONFLICT (payment_id) DO NOTHING
     RETURNING tenant_id::text AS "tenantId", day::text AS day, gateway, amount_paisa AS "amountPaisa"`,
    [
      intents.map((intent) => intent.paymentId),
      intents.map((intent) => intent.tenantId),
      intents.map((intent) => businessDay(new Date(intent.registeredAt))),
      intents.map((intent) => intent.gateway),
      intents.map((intent) => intent.amountPaisa),
      intents.map((intent) => intent.registeredAt),
      events.map((event) => event.streamVersion),
    ],
  );
  return registered.flatMap((payment) => counterChanges(payment, null, 'pending'));
}

/** Moves payments (one event each) to their new status over an older stream version only, so a replay moves nothing. */
async function move(tx: SqlExecutor, table: string, events: readonly RecordedEvent<PaymentDecisionEvent>[]): Promise<CounterChange[]> {
  if (events.length === 0) return [];
  const decisions = events.map(paymentDecision);
  const moved = await tx.query<DailyPayment & { previous: PaymentStatus; status: PaymentStatus }>(
    `UPDATE ${table} AS payment
     SET status = change.status, stream_version = change.version,
         verify_ms = round(extract(epoch FROM change.verified_at - payment.registered_at) * 1000)::bigint
     FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::timestamptz[]) AS change(payment_id, version, status, verified_at)
     JOIN ${table} AS before ON before.payment_id = change.payment_id
     WHERE payment.payment_id = change.payment_id AND payment.stream_version < change.version
     RETURNING before.status AS previous, payment.status, payment.tenant_id::text AS "tenantId", payment.day::text AS day,
               payment.gateway, payment.amount_paisa AS "amountPaisa"`,
    [
      events.map((event) => event.data.paymentId),
      events.map((event) => event.streamVersion),
      decisions.map((decision) => decision.status),
      decisions.map((decision) => decision.verifiedAt ?? null),
    ],
  );
  return moved.flatMap((payment) => counterChanges(payment, payment.previous, payment.status));
}

/** Adds the changes to their counters; a counter back at zero goes, so a replay in other batches leaves the same rows. */
async function addToCounters(tx: SqlExecutor, table: string, changes: readonly CounterChange[]): Promise<void> {
  if (changes.length === 0) return;
  const counters = await tx.query<{ payments: number }>(
    `INSERT INTO ${table} AS counter (tenant_id, day, dimension, bucket, payments, amount_paisa)
     SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[], $4::text[], $5::bigint[], $6::bigint[])
     ON CONFLICT (day, tenant_id, dimension, bucket) DO UPDATE
     SET payments = counter.payments + EXCLUDED.payments, amount_paisa = counter.amount_paisa + EXCLUDED.amount_paisa
     RETURNING counter.payments`,
    [
      changes.map((change) => change.tenantId),
      changes.map((change) => change.day),
      changes.map((change) => change.dimension),
      changes.map((change) => change.bucket),
      changes.map((change) => change.payments),
      changes.map((change) => change.amountPaisa),
    ],
  );
  if (counters.every((counter) => counter.payments !== 0)) return;
  await tx.query(`DELETE FROM ${table} WHERE payments = 0 AND (day, tenant_id) IN (SELECT * FROM unnest($1::date[], $2::uuid[]))`, [
    changes.map((change) => change.day),
    changes.map((change) => change.tenantId),
  ]);
}

/**
 * `rm_tenant_daily`: per tenant and Asia/Karachi day of registration, payments and amounts (the
 * expected amounts, in paisa) by current status and by gateway, for the operators' dashboard.
 * `rm_tenant_daily_payments` keeps each payment's bucket, to move it, and its time to verify.
 */
export const tenantDailyProjection: Projection<TablesOf<typeof TENANT_DAILY_PROJECTION>> = {
  ...TENANT_DAILY_PROJECTION,

  async apply(tx, events, tables): Promise<void> {
    const changes = await register(tx, tables.payments, events.filter(isPaymentIntentRegistered));
    for (const round of roundsByStream(events.filter(isPaymentDecision))) changes.push(...(await move(tx, tables.payments, round)));
    await addToCounters(tx, tables.summary, mergeCounterChanges(changes));
  },
};
