import { Migration } from '@pvs/sql';

/** The payer data keys: one per subject, sealed by the service's key ring; a destroyed key keeps its row, as the record of when and why. */
export const payerDataMigrations: readonly Migration[] = [
  {
    id: 'payer-data/001-data-keys',
    sql: `
      CREATE TABLE pd_data_keys (
        subject text PRIMARY KEY,
        tenant_id uuid NOT NULL,
        -- the data key sealed by the service's key ring; null once destroyed
        wrapped_key text,
        created_at timestamptz NOT NULL,
        shredded_at timestamptz,
        -- retention or erasure
        shred_reason text
      );
      -- retention's candidates: keys still held, oldest first
      CREATE INDEX pd_data_keys_held ON pd_data_keys (created_at) WHERE wrapped_key IS NOT NULL;
    `,
  },
];
