import { Migration } from '@pvs/sql';

/**
 * The payer data keys: one per subject, sealed by the service's key ring; a destroyed key keeps its row, as the record
 * of when and why. And the index of the mobile numbers each subject's data holds, by keyed hash.
 */
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
  {
    id: 'payer-data/002-mobile-index',
    sql: `
      -- each tenant's key for the keyed hashes below, sealed by the service's key ring
      CREATE TABLE pd_index_keys (
        tenant_id uuid PRIMARY KEY,
        wrapped_key text NOT NULL,
        created_at timestamptz NOT NULL
      );
      -- which subjects' payer data holds a mobile number, by the number's keyed hash (never the number): what an
      -- erasure by number finds; a subject's rows go when its key is destroyed
      CREATE TABLE pd_subject_index (
        tenant_id uuid NOT NULL,
        mobile_hash text NOT NULL,
        subject text NOT NULL,
        PRIMARY KEY (tenant_id, mobile_hash, subject)
      );
      CREATE INDEX pd_subject_index_subject ON pd_subject_index (subject);
    `,
  },
  {
    id: 'payer-data/003-held-keys-in-order',
    sql: `
      -- retention pages through held keys in age order; an index of the age alone is the cheapest on the ingest's path
      DROP INDEX pd_data_keys_held;
      CREATE INDEX pd_data_keys_held ON pd_data_keys (created_at) WHERE wrapped_key IS NOT NULL;
    `,
  },
];
