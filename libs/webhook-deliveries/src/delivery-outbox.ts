import { SqlClient, SqlExecutor } from '@pvs/sql';
import { Attempt, AttemptRecord, Delivery, DeliveryStatus, NewDelivery, originOf } from './delivery';

const DELIVERY_COLUMNS = `id::text AS id, tenant_id::text AS tenant_id, payment_id::text AS payment_id, correlation_id, traceparent, tracestate, event, url, body, status,
  attempts, next_attempt_at, last_status_code, last_error, created_at, delivered_at`;

interface DeliveryRow {
  id: string;
  tenant_id: string;
  payment_id: string | null;
  correlation_id: string | null;
  traceparent: string | null;
  tracestate: string | null;
  event: string;
  url: string | null;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  tenantId: row.tenant_id,
  paymentId: row.payment_id,
  correlationId: row.correlation_id,
  traceparent: row.traceparent,
  tracestate: row.tracestate,
  event: row.event,
  url: row.url,
  body: row.body,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

export interface DeliveryQuery {
  readonly status?: DeliveryStatus;
  readonly tenantId?: string;
  readonly paymentId?: string;
  readonly limit: number;
}

export interface EndpointHealth {
  readonly origin: string;
  readonly consecutiveFailures: number;
  readonly failingSince: Date | null;
  readonly disabledAt: Date | null;
}

interface EndpointChanges {
  /** Origins with a success: their failures are forgotten. */
  readonly healed: string[];
  /** Origins' failures after their last success, if any. */
  readonly failing: { origin: string; failures: number; firstAt: Date; lastAt: Date }[];
}

/** What attempts, in order, change in their endpoints' health. */
function endpointChanges(sent: readonly { origin: string; succeeded: boolean; at: Date }[]): EndpointChanges {
  const healed = new Set<string>();
  const failing = new Map<string, { origin: string; failures: number; firstAt: Date; lastAt: Date }>();
  for (const { origin, succeeded, at } of sent) {
    if (succeeded) {
      healed.add(origin);
      failing.delete(origin);
      continue;
    }
    const known = failing.get(origin);
    if (known) {
      known.failures += 1;
      known.lastAt = at;
    } else {
      failing.set(origin, { origin, failures: 1, firstAt: at, lastAt: at });
    }
  }
  return { healed: [...healed], failing: [...failing.values()] };
}

/** Every SQL statement of the webhook outbox. Times come from the caller's clock. */
export class DeliveryOutbox {
  constructor(private readonly sql: SqlClient) {}

  /** Records the delivery a decision needs, once: a redelivered decision adds nothing. */
  async enqueue(delivery: NewDelivery, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `INSERT INTO wh_deliveries (id, tenant_id, payment_id, event, url, origin, body, status, next_attempt_at, last_error, created_at, updated_at, correlation_id, traceparent, tracestate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        delivery.id,
        delivery.tenantId,
        delivery.paymentId,
        delivery.event,
        delivery.url,
        delivery.url && originOf(delivery.url),
        delivery.body,
        delivery.url ? 'pending' : 'undeliverable',
        delivery.url ? now : null,
        delivery.url ? null : delivery.paymentId ? 'no callback_url on the payment and no webhook_url on the tenant' : 'no webhook_url on the tenant',
        now,
        delivery.correlationId,
        delivery.traceparent ?? null,
        delivery.tracestate ?? null,
      ],
    );
    return rows.length === 1;
  }

  /**
   * Leases due deliveries to one worker. A lease that runs out (the worker died) makes the
   * delivery due again for any worker. Origins that are busy or disabled are passed over.
   */
  async claimDue(owner: string, now: Date, leaseMs: number, limit: number, busyOrigins: readonly string[]): Promise<Delivery[]> {
    const rows = await this.sql.query<DeliveryRow>(
      `UPDATE wh_deliveries SET lease_owner = $1, lease_until = $2
       WHERE id IN (
         SELECT d.id FROM wh_deliveries d
         WHERE d.status = 'pending' AND d.next_attempt_at <= $3 AND (d.lease_until IS NULL OR d.lease_until < $3)
           AND d.origin <> ALL ($5::text[])
           AND NOT EXISTS (SELECT 1 FROM wh_endpoints e WHERE e.origin = d.origin AND e.disabled_at IS NOT NULL)
         ORDER BY d.next_attempt_at LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING ${DELIVERY_COLUMNS}`,
      [owner, new Date(now.getTime() + leaseMs), now, limit, busyOrigins],
    );
    return rows.map(toDelivery);
  }

  /** Gives leased deliveries back untouched, due again at once. */
  async release(owner: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sql.query(`UPDATE wh_deliveries SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1 AND id = ANY ($2::uuid[])`, [owner, ids]);
  }

  /**
   * Attempts and their consequences, in one transaction; only the lease holder may record (an attempt whose
   * lease was lost is left out: another worker owns its delivery now). In order: a delivery's attempts go to
   * the same endpoint health as one at a time would.
   */
  async recordAttempts(owner: string, records: readonly AttemptRecord[], disableAfterMs: number): Promise<void> {
    if (records.length === 0) return;
    const attempts = records.map((record) => ({
      record,
      attempt: record.delivery.attempts + 1,
      status: (record.outcome === 'succeeded' ? 'succeeded' : record.nextAttemptAt ? 'pending' : 'dead') satisfies DeliveryStatus,
      finishedAt: new Date(record.startedAt.getTime() + record.durationMs),
    }));
    await this.sql.transaction(async (tx) => {
      const updated = await tx.query<{ id: string }>(
        `UPDATE wh_deliveries d SET attempts = r.attempt, status = r.status, next_attempt_at = r.next_attempt_at, last_status_code = r.status_code,
                last_error = r.error, updated_at = r.finished_at, delivered_at = CASE WHEN r.status = 'succeeded' THEN r.finished_at ELSE d.delivered_at END,
                lease_owner = NULL, lease_until = NULL
         FROM unnest($2::uuid[], $3::int[], $4::text[], $5::timestamptz[], $6::int[], $7::text[], $8::timestamptz[])
           AS r(id, attempt, status, next_attempt_at, status_code, error, finished_at)
         WHERE d.id = r.id AND d.lease_owner = $1 AND d.attempts = r.attempt - 1
         RETURNING d.id::text AS id`,
        [
          owner,
          attempts.map((a) => a.record.delivery.id),
          attempts.map((a) => a.attempt),
          attempts.map((a) => a.status),
          attempts.map((a) => a.record.nextAttemptAt),
          attempts.map((a) => a.record.statusCode),
          attempts.map((a) => a.record.error),
          attempts.map((a) => a.finishedAt),
        ],
      );
      const owned = new Set(updated.map((row) => row.id));
      const recorded = attempts.filter((a) => owned.has(a.record.delivery.id));
      if (recorded.length === 0) return;
      await tx.query(
        `INSERT INTO wh_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, outcome, next_attempt_at)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::text[], $7::text[], $8::timestamptz[])`,
        [
          recorded.map((a) => a.record.delivery.id),
          recorded.map((a) => a.attempt),
          recorded.map((a) => a.record.startedAt),
          recorded.map((a) => Math.round(a.record.durationMs)),
          recorded.map((a) => a.record.statusCode),
          recorded.map((a) => a.record.error),
          recorded.map((a) => a.record.outcome),
          recorded.map((a) => a.record.nextAttemptAt),
        ],
      );
      // An attempt never sent tells nothing of the endpoint.
      const sent = recorded.flatMap(({ record, finishedAt }) =>
        record.delivery.url && record.outcome !== 'unsigned' ? [{ origin: originOf(record.delivery.url), succeeded: record.outcome === 'succeeded', at: finishedAt }] : [],
      );
      await this.recordEndpointHealth(tx, endpointChanges(sent), disableAfterMs);
    });
  }

  /**
   * A success heals the endpoint; failing without a break for `disableAfterMs` disables it, from the first failure
   * past that time (or the batch's last one, when the time passed between two failures of one batch).
   */
  private async recordEndpointHealth(tx: SqlExecutor, changes: EndpointChanges, disableAfterMs: number): Promise<void> {
    if (changes.healed.length > 0) await tx.query(`DELETE FROM wh_endpoints WHERE origin = ANY ($1::text[])`, [changes.healed]);
    const { failing } = changes;
    if (failing.length === 0) return;
    await tx.query(
      `WITH f AS (SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::timestamptz[]) AS f(origin, failures, first_at, last_at)),
       failing_before AS (
         UPDATE wh_endpoints e SET consecutive_failures = e.consecutive_failures + f.failures,
           disabled_at = CASE
             WHEN e.failing_since <= f.first_at - $5 * interval '1 millisecond' THEN coalesce(e.disabled_at, f.first_at)
             WHEN e.failing_since <= f.last_at - $5 * interval '1 millisecond' THEN coalesce(e.disabled_at, f.last_at)
           END
         FROM f WHERE e.origin = f.origin RETURNING e.origin)
       INSERT INTO wh_endpoints (origin, consecutive_failures, failing_since)
       SELECT origin, failures, first_at FROM f WHERE origin NOT IN (SELECT origin FROM failing_before)
       ON CONFLICT (origin) DO UPDATE SET consecutive_failures = wh_endpoints.consecutive_failures + excluded.consecutive_failures`,
      [failing.map((f) => f.origin), failing.map((f) => f.failures), failing.map((f) => f.firstAt), failing.map((f) => f.lastAt), disableAfterMs],
    );
  }

  async list(query: DeliveryQuery): Promise<Delivery[]> {
    const rows = await this.sql.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM wh_deliveries
       WHERE ($1::text IS NULL OR status = $1) AND ($2::uuid IS NULL OR tenant_id = $2) AND ($3::uuid IS NULL OR payment_id = $3)
       ORDER BY created_at DESC LIMIT $4`,
      [query.status ?? null, query.tenantId ?? null, query.paymentId ?? null, query.limit],
    );
    return rows.map(toDelivery);
  }

  async find(id: string): Promise<Delivery | null> {
    const [row] = await this.sql.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM wh_deliveries WHERE id = $1`, [id]);
    return row ? toDelivery(row) : null;
  }

  async attempts(id: string): Promise<Attempt[]> {
    const rows = await this.sql.query<{
      attempt: number;
      started_at: Date;
      duration_ms: number;
      status_code: number | null;
      error: string | null;
      outcome: Attempt['outcome'];
      next_attempt_at: Date | null;
    }>(
      `SELECT attempt, started_at, duration_ms, status_code, error, outcome, next_attempt_at
       FROM wh_attempts WHERE delivery_id = $1 ORDER BY attempt`,
      [id],
    );
    return rows.map((row) => ({
      attempt: row.attempt,
      startedAt: row.started_at,
      durationMs: row.duration_ms,
      statusCode: row.status_code,
      error: row.error,
      outcome: row.outcome,
      nextAttemptAt: row.next_attempt_at,
    }));
  }

  /**
   * Sends again, now: failed (dead) or undeliverable deliveries — and one named delivery even if it
   * succeeded — to their URL or, when they had none, to `fallbackUrl`; re-enables their endpoints.
   * Returns the ids made due.
   */
  async redeliver(filter: { id?: string; tenantId?: string }, fallbackUrl: string | null, now: Date): Promise<string[]> {
    return this.sql.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; origin: string | null }>(
        `UPDATE wh_deliveries SET status = 'pending', next_attempt_at = $3, updated_at = $3, lease_owner = NULL, lease_until = NULL,
                url = coalesce(url, $4), origin = coalesce(origin, $5)
         WHERE (status IN ('dead', 'undeliverable') OR ($1::uuid IS NOT NULL AND status = 'succeeded'))
           AND ($1::uuid IS NULL OR id = $1) AND ($2::uuid IS NULL OR tenant_id = $2)
           AND coalesce(url, $4) IS NOT NULL
         RETURNING id::text AS id, origin`,
        [filter.id ?? null, filter.tenantId ?? null, now, fallbackUrl, fallbackUrl && originOf(fallbackUrl)],
      );
      const origins = [...new Set(rows.map((row) => row.origin).filter((origin): origin is string => origin !== null))];
      if (origins.length > 0) await tx.query(`DELETE FROM wh_endpoints WHERE origin = ANY ($1::text[])`, [origins]);
      return rows.map((row) => row.id);
    });
  }

  async failingEndpoints(limit: number): Promise<EndpointHealth[]> {
    const rows = await this.sql.query<{ origin: string; consecutive_failures: number; failing_since: Date | null; disabled_at: Date | null }>(
      `SELECT origin, consecutive_failures, failing_since, disabled_at FROM wh_endpoints ORDER BY consecutive_failures DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ origin: row.origin, consecutiveFailures: row.consecutive_failures, failingSince: row.failing_since, disabledAt: row.disabled_at }));
  }
}
