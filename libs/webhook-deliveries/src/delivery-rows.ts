import { Delivery, DeliveryStatus } from './delivery';

/** The columns every read of a delivery selects, as `DeliveryRow` names them. */
export const DELIVERY_COLUMNS = `id::text AS id, tenant_id::text AS tenant_id, payment_id::text AS payment_id, correlation_id, traceparent, tracestate, event, url, body, status,
  attempts, next_attempt_at, last_status_code, last_error, created_at, delivered_at`;

export interface DeliveryRow {
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

export const toDelivery = (row: DeliveryRow): Delivery => ({
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

/**
 * The deliveries a redelivery sends again: failed (dead) or undeliverable ones — and one named delivery even if it
 * succeeded — that have a URL or will get the fallback. Parameters: $1 the delivery id or null, $2 the tenant id or
 * null, $3 the fallback URL or null. One predicate for the notifier that sends them and the gateway that counts them.
 */
export const REDELIVERABLE = `(status IN ('dead', 'undeliverable') OR ($1::uuid IS NOT NULL AND status = 'succeeded'))
  AND ($1::uuid IS NULL OR id = $1) AND ($2::uuid IS NULL OR tenant_id = $2) AND coalesce(url, $3) IS NOT NULL`;
