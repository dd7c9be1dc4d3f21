import { Migration } from '@pvs/sql';

/** The names the matcher's partitioned readers keep their checkpoints under (`<name>` or `<name>/<partition>`). */
const MATCHER_READERS = ['matcher', 'decision-publisher', 'ledger-keeper', 'alert-publisher'];

/**
 * The matcher's own tables, which no other project writes: who holds which partition (`mt_partition_*`), where each
 * partitioned reader stands (`mt_checkpoints`), and the payments it has seen registered and not yet seen closed
 * (`mt_open_payments`, its candidates for credits without a reference and for expiry). The matcher runs these itself.
 */
export const matcherMigrations: readonly Migration[] = [
  {
    // Made when the leases were the runtime's; renamed to the matcher's below.
    id: 'runtime/001-partition-leases',
    sql: `
      CREATE TABLE rt_partition_members (
        worker text NOT NULL,
        member text NOT NULL,
        seen_until timestamptz NOT NULL,
        PRIMARY KEY (worker, member)
      );
      CREATE TABLE rt_partition_leases (
        worker text NOT NULL,
        partition int NOT NULL,
        owner text,
        lease_until timestamptz NOT NULL DEFAULT '-infinity',
        PRIMARY KEY (worker, partition)
      );
    `,
  },
  {
    // Its state moves out of the projector's tables: the checkpoints are copied once, the open payments are taken
    // from the payments projection once (those registered after the matcher's checkpoint it records as it reads them).
    id: 'matcher/001-own-state',
    sql: `
      ALTER TABLE rt_partition_members RENAME TO mt_partition_members;
      ALTER TABLE rt_partition_leases RENAME TO mt_partition_leases;
      CREATE TABLE mt_checkpoints (
        reader text PRIMARY KEY,
        checkpoint text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO mt_checkpoints (reader, checkpoint, updated_at)
        SELECT projection, checkpoint, updated_at FROM rm_checkpoints WHERE split_part(projection, '/', 1) IN (${MATCHER_READERS.map((name) => `'${name}'`).join(', ')});
      CREATE TABLE mt_open_payments (
        payment_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        gateway text NOT NULL,
        amount_paisa bigint NOT NULL,
        expires_at timestamptz NOT NULL,
        -- the intent's checkpoint in the log ('' when taken from the projection): a credit pairs only with intents before it
        registered_at_checkpoint text NOT NULL
      );
      CREATE INDEX mt_open_payments_amount ON mt_open_payments (tenant_id, gateway, amount_paisa, registered_at_checkpoint);
      CREATE INDEX mt_open_payments_expiry ON mt_open_payments (expires_at);
      INSERT INTO mt_open_payments (payment_id, tenant_id, gateway, amount_paisa, expires_at, registered_at_checkpoint)
        SELECT uuid, tenant_id, gateway, amount_expected_paisa, coalesce(expires_at, created_at), '' FROM rm_payments WHERE status IN ('pending', 'manual_review');
    `,
  },
];
