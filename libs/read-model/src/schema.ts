import { Migration } from '@pvs/sql';

/** The read model's tables: written only by the projector, rebuilt from the events at will. */
export const readModelMigrations: readonly Migration[] = [
  {
    id: 'read-model/001-payments',
    sql: `
      CREATE TABLE rm_payments (
        uuid uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        gateway text NOT NULL,
        transaction_reference text NOT NULL,
        amount_expected_paisa bigint NOT NULL,
        amount_detected_paisa bigint,
        status text NOT NULL,
        verified_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        -- the last payment-stream event applied, so a replayed event changes nothing
        stream_version bigint NOT NULL
      );
      CREATE INDEX rm_payments_tenant_created ON rm_payments (tenant_id, created_at);
      CREATE TABLE rm_checkpoints (
        projection text PRIMARY KEY,
        checkpoint text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 'read-model/002-payment-expiry-and-sms',
    sql: `
      ALTER TABLE rm_payments ADD COLUMN expires_at timestamptz;
      CREATE INDEX rm_payments_pending_expiry ON rm_payments (expires_at) WHERE status = 'pending';
      CREATE INDEX rm_payments_pending_amount ON rm_payments (tenant_id, gateway, amount_expected_paisa) WHERE status = 'pending';
      CREATE TABLE rm_sms (
        sms_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        sender text NOT NULL,
        body text NOT NULL,
        source text NOT NULL,
        received_at timestamptz,
        recorded_at timestamptz NOT NULL,
        -- received, parsed or rejected; then the matcher's outcome
        state text NOT NULL,
        rejection_reason text,
        gateway text,
        reference text,
        amount_paisa bigint,
        payment_id uuid,
        outcome text,
        stream_version bigint NOT NULL
      );
      CREATE INDEX rm_sms_tenant_state ON rm_sms (tenant_id, state, recorded_at);
    `,
  },
];
