export const DELIVERY_STATUSES = ['pending', 'succeeded', 'dead', 'undeliverable'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface Delivery {
  readonly id: string;
  readonly tenantId: string;
  /** The payment it is about; null for an alert about no payment (a phone, a ledger). */
  readonly paymentId: string | null;
  /** The decision's correlation id (the request that caused it); null for deliveries older than it. */
  readonly correlationId: string | null;
  /** The W3C trace context of the decision it delivers; null when tracing was off. */
  readonly traceparent: string | null;
  readonly tracestate: string | null;
  readonly event: string;
  readonly url: string | null;
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly deliveredAt: Date | null;
}

/** `unsigned`: not sent, the tenant's webhook secret did not open with the keys given. */
export const ATTEMPT_OUTCOMES = ['succeeded', 'failed', 'refused', 'unsigned'] as const;

export interface Attempt {
  readonly attempt: number;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly outcome: (typeof ATTEMPT_OUTCOMES)[number];
  readonly nextAttemptAt: Date | null;
}

export interface NewDelivery {
  readonly id: string;
  readonly tenantId: string;
  readonly paymentId: string | null;
  readonly correlationId: string;
  readonly traceparent?: string;
  readonly tracestate?: string;
  readonly event: string;
  readonly url: string | null;
  readonly body: string;
}

export interface AttemptRecord {
  readonly delivery: Delivery;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly outcome: Attempt['outcome'];
  /** When to try again; null ends the delivery (succeeded, or dead). */
  readonly nextAttemptAt: Date | null;
}

/** The scheme, host and port a URL delivers to: the unit of per-endpoint limits and health. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
