import { SqlClient, SqlExecutor } from '@pvs/sql';
import { AttemptRecord, DELIVERY_COLUMNS, Delivery, DeliveryRow, DeliveryStatus, NewDelivery, REDELIVERABLE, originOf, toDelivery } from '@pvs/webhook-deliveries';

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

/** An operator's request to send a tenant's webhooks again: one delivery, or every failed one. */
export interface RedeliveryRequest {
  readonly id: string;
  readonly tenantId: string;
  readonly deliveryId?: string;
  readonly operator: string;
  readonly requestedAt: Date;
}

/** The notifier's writes to its outbox (its one writer); operators read it through DeliveryViews. Times come from the caller's clock. */
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

  /**
   * Sends again, now, what one operator's request covers (see REDELIVERABLE), to their URL or, when they had none,
   * to `fallbackUrl`; re-enables their endpoints. A request handled before changes nothing. Returns the ids made due.
   */
  async redeliver(request: RedeliveryRequest, fallbackUrl: string | null, now: Date): Promise<string[]> {
    return this.sql.transaction(async (tx) => {
      const fresh = await tx.query(`INSERT INTO wh_redelivery_requests (id, operator, requested_at, handled_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id`, [
        request.id,
        request.operator,
        request.requestedAt,
        now,
      ]);
      if (fresh.length === 0) return [];
      const rows = await tx.query<{ id: string; origin: string | null }>(
        `UPDATE wh_deliveries SET status = 'pending', next_attempt_at = $4, updated_at = $4, lease_owner = NULL, lease_until = NULL,
                url = coalesce(url, $3), origin = coalesce(origin, $5)
         WHERE ${REDELIVERABLE}
         RETURNING id::text AS id, origin`,
        [request.deliveryId ?? null, request.tenantId, fallbackUrl, now, fallbackUrl && originOf(fallbackUrl)],
      );
      const origins = [...new Set(rows.map((row) => row.origin).filter((origin): origin is string => origin !== null))];
      if (origins.length > 0) await tx.query(`DELETE FROM wh_endpoints WHERE origin = ANY ($1::text[])`, [origins]);
      return rows.map((row) => row.id);
    });
  }
}
