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
];
