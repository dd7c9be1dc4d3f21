import { Migration } from '@pvs/sql';

/** The notifier's outbox: one delivery per decision or alert, every attempt, and each endpoint's health. */
export const webhookDeliveryMigrations: readonly Migration[] = [
  {
    id: 'webhook-deliveries/001-outbox',
    sql: `
      CREATE TABLE wh_deliveries (
        id uuid PRIMARY KEY, -- the decision event's id: also the webhook id merchants de-duplicate on
        tenant_id uuid NOT NULL,
        payment_id uuid NOT NULL,
        event text NOT NULL,
        url text,
        origin text,
        body text NOT NULL,
        status text NOT NULL, -- pending, succeeded, dead or undeliverable
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        lease_owner text,
        lease_until timestamptz,
        last_status_code integer,
        last_error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        delivered_at timestamptz
      );
      CREATE INDEX wh_deliveries_due ON wh_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX wh_deliveries_tenant ON wh_deliveries (tenant_id, created_at);
      CREATE INDEX wh_deliveries_payment ON wh_deliveries (payment_id);
      CREATE TABLE wh_attempts (
        delivery_id uuid NOT NULL REFERENCES wh_deliveries (id),
        attempt integer NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        status_code integer,
        error text,
        outcome text NOT NULL, -- succeeded, failed, refused or unsigned
        next_attempt_at timestamptz,
        PRIMARY KEY (delivery_id, attempt)
      );
      CREATE TABLE wh_endpoints (
        origin text PRIMARY KEY,
        consecutive_failures integer NOT NULL DEFAULT 0,
        failing_since timestamptz,
        disabled_at timestamptz
      );
    `,
  },
  {
    // The decision's correlation id, for the delivery's log lines; null on deliveries made before.
    id: 'webhook-deliveries/002-correlation-id',
    sql: `ALTER TABLE wh_deliveries ADD COLUMN correlation_id text;`,
  },
  {
    // Alert webhooks (a silent phone, a missing SMS) are about no payment.
    id: 'webhook-deliveries/003-alert-deliveries',
    sql: `ALTER TABLE wh_deliveries ALTER COLUMN payment_id DROP NOT NULL;`,
  },
  {
    // The trace of the decision it delivers (W3C trace context; null when tracing is off): each attempt joins it.
    id: 'webhook-deliveries/004-trace-context',
    sql: `ALTER TABLE wh_deliveries ADD COLUMN traceparent text; ALTER TABLE wh_deliveries ADD COLUMN tracestate text;`,
  },
  {
    // Operators' redelivery requests the notifier handled: a request the bus delivers twice is handled once.
    id: 'webhook-deliveries/005-redelivery-requests',
    sql: `CREATE TABLE wh_redelivery_requests (id uuid PRIMARY KEY, operator text NOT NULL, requested_at timestamptz NOT NULL, handled_at timestamptz NOT NULL);`,
  },
];
