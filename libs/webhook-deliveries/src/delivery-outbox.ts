import { SqlClient, SqlExecutor } from '@pvs/sql';
import { Attempt, AttemptRecord, Delivery, DeliveryStatus, NewDelivery, originOf } from './delivery';

const DELIVERY_COLUMNS = `id::text AS id, tenant_id::text AS tenant_id, payment_id::text AS payment_id, correlation_id, event, url, body, status,
  attempts, next_attempt_at, last_status_code, last_error, created_at, delivered_at`;

interface DeliveryRow {
  id: string;
  tenant_id: string;
  payment_id: string;
  correlation_id: string | null;
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

/** Every SQL statement of the webhook outbox. Times come from the caller's clock. */
export class DeliveryOutbox {
  constructor(private readonly sql: SqlClient) {}

  /** Records the delivery a decision needs, once: a redelivered decision adds nothing. */
  async enqueue(delivery: NewDelivery, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `INSERT INTO wh_deliveries (id, tenant_id, payment_id, event, url, origin, body, status, next_attempt_at, last_error, created_at, updated_at, correlation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12)
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
        delivery.url ? null : 'no callback_url on the payment and no webhook_url on the tenant',
        now,
        delivery.correlationId,
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

  /** The attempt and its consequence in one transaction; only the lease holder may record. */
  async recordAttempt(owner: string, record: AttemptRecord, disableAfterMs: number): Promise<void> {
    const { delivery } = record;
    const attempt = delivery.attempts + 1;
    const status: DeliveryStatus = record.outcome === 'succeeded' ? 'succeeded' : record.nextAttemptAt ? 'pending' : 'dead';
    const finishedAt = new Date(record.startedAt.getTime() + record.durationMs);
    await this.sql.transaction(async (tx) => {
      const updated = await tx.query(
        `UPDATE wh_deliveries SET attempts = $3, status = $4, next_attempt_at = $5, last_status_code = $6, last_error = $7,
                updated_at = $8, delivered_at = CASE WHEN $4 = 'succeeded' THEN $8 ELSE delivered_at END,
                lease_owner = NULL, lease_until = NULL
         WHERE id = $1 AND lease_owner = $2 AND attempts = $3 - 1 RETURNING id`,
        [delivery.id, owner, attempt, status, record.nextAttemptAt, record.statusCode, record.error, finishedAt],
      );
      if (updated.length === 0) return; // the lease was lost: another worker owns this delivery now
      await tx.query(
        `INSERT INTO wh_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, outcome, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [delivery.id, attempt, record.startedAt, Math.round(record.durationMs), record.statusCode, record.error, record.outcome, record.nextAttemptAt],
      );
      // An attempt never sent tells nothing of the endpoint.
      if (delivery.url && record.outcome !== 'unsigned') {
        await this.recordEndpointHealth(tx, originOf(delivery.url), record.outcome === 'succeeded', finishedAt, disableAfterMs);
      }
    });
  }

  /** A success heals the endpoint; failing without a break for `disableAfterMs` disables it. */
  private async recordEndpointHealth(tx: SqlExecutor, origin: string, succeeded: boolean, now: Date, disableAfterMs: number): Promise<void> {
    if (succeeded) {
      await tx.query(`DELETE FROM wh_endpoints WHERE origin = $1`, [origin]);
      return;
    }
    await tx.query(
      `INSERT INTO wh_endpoints (origin, consecutive_failures, failing_since) VALUES ($1, 1, $2)
       ON CONFLICT (origin) DO UPDATE SET consecutive_failures = wh_endpoints.consecutive_failures + 1,
         disabled_at = CASE WHEN wh_endpoints.failing_since <= $3 THEN coalesce(wh_endpoints.disabled_at, $2) END`,
      [origin, now, new Date(now.getTime() - disableAfterMs)],
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
