import { PaymentDecisionEvent, PaymentIntentRegistered, PaymentStatus, businessDay, isPaymentDecision, isPaymentIntentRegistered } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { paymentDecision } from '@pvs/domain';
import { TENANT_DAILY_PROJECTION, TablesOf } from '@pvs/read-model';
import { SqlExecutor } from '@pvs/sql';
import { CounterTable, addToCounters } from '../projections/counter-table';
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

/** `rm_tenant_daily`'s counters: per day, tenant, dimension and bucket, payments and their amount. */
const DAILY_COUNTERS: CounterTable = {
  key: [['tenant_id', 'uuid'], ['day', 'date'], ['dimension', 'text'], ['bucket', 'text']],
  counts: [['payments', 'bigint'], ['amount_paisa', 'bigint']],
};

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
    const merged = mergeCounterChanges(changes);
    await addToCounters(tx, tables.summary, DAILY_COUNTERS, merged.map((change) => [change.tenantId, change.day, change.dimension, change.bucket, change.payments, change.amountPaisa]));
  },
};
