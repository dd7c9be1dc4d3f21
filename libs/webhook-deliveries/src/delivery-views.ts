import { SqlExecutor } from '@pvs/sql';
import { Attempt, Delivery, DeliveryStatus } from './delivery';
import { DELIVERY_COLUMNS, DeliveryRow, REDELIVERABLE, toDelivery } from './delivery-rows';

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

/** The notifier's outbox as operators read it (the notifier alone writes it). */
export class DeliveryViews {
  constructor(private readonly sql: SqlExecutor) {}

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

  /** How many deliveries a redelivery of `filter` would send again now (see REDELIVERABLE). */
  async redeliverable(filter: { id?: string; tenantId?: string }, fallbackUrl: string | null): Promise<number> {
    const [row] = await this.sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM wh_deliveries WHERE ${REDELIVERABLE}`, [
      filter.id ?? null,
      filter.tenantId ?? null,
      fallbackUrl,
    ]);
    return row.count;
  }

  async failingEndpoints(limit: number): Promise<EndpointHealth[]> {
    const rows = await this.sql.query<{ origin: string; consecutive_failures: number; failing_since: Date | null; disabled_at: Date | null }>(
      `SELECT origin, consecutive_failures, failing_since, disabled_at FROM wh_endpoints ORDER BY consecutive_failures DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ origin: row.origin, consecutiveFailures: row.consecutive_failures, failingSince: row.failing_since, disabledAt: row.disabled_at }));
  }
}
