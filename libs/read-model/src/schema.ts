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
  {
    id: 'read-model/003-projection-rebuilds-and-tenant-daily',
    sql: `
      -- one row per rebuild request (the ProjectionRebuildRequested event's id), written by the projector running it
      CREATE TABLE rm_projection_rebuilds (
        request_id uuid PRIMARY KEY,
        projection text NOT NULL,
        -- running, done or failed
        status text NOT NULL,
        events_done bigint NOT NULL,
        events_total bigint NOT NULL,
        events_per_s double precision NOT NULL,
        started_at timestamptz NOT NULL,
        finished_at timestamptz,
        error text
      );
      CREATE INDEX rm_projection_rebuilds_projection ON rm_projection_rebuilds (projection, status);
      -- counters per tenant and Asia/Karachi day of registration: by status, and by gateway
      CREATE TABLE rm_tenant_daily (
        day date NOT NULL,
        tenant_id uuid NOT NULL,
        dimension text NOT NULL,
        bucket text NOT NULL,
        payments bigint NOT NULL,
        amount_paisa bigint NOT NULL,
        PRIMARY KEY (day, tenant_id, dimension, bucket)
      );
      -- what the counters need to move a payment between buckets, and the times to verify for the median
      CREATE TABLE rm_tenant_daily_payments (
        payment_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        day date NOT NULL,
        gateway text NOT NULL,
        amount_paisa bigint NOT NULL,
        status text NOT NULL,
        registered_at timestamptz NOT NULL,
        verify_ms bigint,
        stream_version bigint NOT NULL
      );
      CREATE INDEX rm_tenant_daily_payments_verified ON rm_tenant_daily_payments (day, tenant_id, verify_ms) WHERE verify_ms IS NOT NULL;
    `,
  },
  {
    id: 'read-model/004-sms-hourly',
    sql: `
      -- forwarded SMS per hour recorded (UTC), tenant and institution: read (by tier) or rejected (by reason)
      CREATE TABLE rm_sms_hourly (
        hour timestamptz NOT NULL,
        tenant_id uuid NOT NULL,
        institution text NOT NULL,
        -- template, learned, extracted or rejected
        bucket text NOT NULL,
        -- why it was rejected; '' for a read SMS
        reason text NOT NULL,
        sms bigint NOT NULL,
        PRIMARY KEY (hour, tenant_id, institution, bucket, reason)
      );
      -- each SMS's current bucket, to move it when it is parsed again
      CREATE TABLE rm_sms_hourly_sms (
        sms_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        -- the institution its sender id belongs to; the parser's, once read
        institution text NOT NULL,
        bucket text,
        reason text,
        stream_version bigint NOT NULL
      );
    `,
  },
  {
    id: 'read-model/005-why-a-payment-waits',
    sql: `
      -- why a payment went to manual review, and the SMS it was decided on
      ALTER TABLE rm_payments ADD COLUMN review_reason text;
      ALTER TABLE rm_payments ADD COLUMN sms_id uuid;
      -- what a reading shows that its institution usually does not send
      ALTER TABLE rm_sms ADD COLUMN departures text[];
    `,
  },
  {
    id: 'read-model/006-forwarders',
    sql: `
      -- the phones that forward each tenant's SMS, from their streams
      CREATE TABLE rm_forwarders (
        forwarder_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        app text NOT NULL,
        device text,
        name text,
        first_seen_at timestamptz NOT NULL,
        heartbeat_status text,
        heartbeat_at timestamptz,
        retired_at timestamptz,
        stream_version bigint NOT NULL
      );
      CREATE INDEX rm_forwarders_tenant ON rm_forwarders (tenant_id, first_seen_at);
      -- the forwarder each SMS came through: its traffic is read from here
      ALTER TABLE rm_sms ADD COLUMN forwarder_id uuid;
      CREATE INDEX rm_sms_forwarder ON rm_sms (forwarder_id, recorded_at) WHERE forwarder_id IS NOT NULL;
    `,
  },
  {
    id: 'read-model/007-forwarder-silence',
    sql: `
      -- when each phone last spoke (an SMS, or a heartbeat saying it is online), and the silence it is in
      ALTER TABLE rm_forwarders ADD COLUMN last_heard_at timestamptz;
      ALTER TABLE rm_forwarders ADD COLUMN silent_since timestamptz;
      -- the watch's candidates: phones in use, not yet silent, by how long they have been quiet
      CREATE INDEX rm_forwarders_quiet ON rm_forwarders (last_heard_at) WHERE retired_at IS NULL AND silent_since IS NULL;
      -- when each phone spoke, over the weeks its usual quiet is learnt from
      CREATE TABLE rm_forwarder_heard (
        forwarder_id uuid NOT NULL,
        heard_at timestamptz NOT NULL,
        PRIMARY KEY (forwarder_id, heard_at)
      );
    `,
  },
  {
    id: 'read-model/008-ledgers',
    sql: `
      -- each receiving account's ledger as its SMS state it: its last balance, and since when it has a break not yet reported
      CREATE TABLE rm_ledgers (
        account_key uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        gateway text NOT NULL,
        account text,
        last_balance_paisa bigint NOT NULL,
        last_stated_at timestamptz NOT NULL,
        statements integer NOT NULL,
        unsettled_since timestamptz,
        stream_version bigint NOT NULL
      );
      CREATE INDEX rm_ledgers_tenant ON rm_ledgers (tenant_id);
      -- the gap watch's candidates: ledgers with a break not yet reported, the oldest first
      CREATE INDEX rm_ledgers_unsettled ON rm_ledgers (unsettled_since) WHERE unsettled_since IS NOT NULL;
      -- SMS suspected missing: what the balances say moved unseen, when, and the payments it may be
      CREATE TABLE rm_sms_gaps (
        gap_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        account_key uuid NOT NULL,
        gateway text NOT NULL,
        account text,
        direction text NOT NULL,
        amount_paisa bigint NOT NULL,
        window_start timestamptz NOT NULL,
        window_end timestamptz NOT NULL,
        candidate_payment_ids uuid[] NOT NULL,
        detected_at timestamptz NOT NULL,
        filled_at timestamptz,
        filled_by_sms_id uuid
      );
      CREATE INDEX rm_sms_gaps_tenant ON rm_sms_gaps (tenant_id, detected_at);
    `,
  },
  {
    id: 'read-model/009-alerts',
    sql: `
      -- what needs a person's eye: silent phones, SMS suspected missing, stalled payments, payments in review
      CREATE TABLE rm_alerts (
        alert_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        kind text NOT NULL,
        -- the forwarder, gap or payment it is about
        subject_id uuid NOT NULL,
        details jsonb NOT NULL,
        raised_at timestamptz NOT NULL,
        cleared_at timestamptz,
        cleared_by text,
        acknowledged_at timestamptz,
        acknowledged_by text,
        note text
      );
      CREATE INDEX rm_alerts_open ON rm_alerts (raised_at) WHERE cleared_at IS NULL;
      CREATE INDEX rm_alerts_tenant ON rm_alerts (tenant_id, raised_at);
      CREATE INDEX rm_alerts_subject ON rm_alerts (subject_id, kind);
      -- the stall watch's candidates: pending payments by age (and id, the page's key)
      CREATE INDEX rm_payments_pending_created ON rm_payments (created_at, uuid) WHERE status = 'pending';
    `,
  },
  {
    id: 'read-model/010-forwarder-keys',
    sql: `
      -- the key id of each phone's own forwarder key, when it has one
      ALTER TABLE rm_forwarders ADD COLUMN credential_key_id text;
    `,
  },
  {
    id: 'read-model/011-forwarder-accounts',
    sql: `
      -- the accounts each phone's credits and debits name, in the order first seen: [{gateway, account, sim, since}]
      ALTER TABLE rm_forwarders ADD COLUMN accounts jsonb NOT NULL DEFAULT '[]';
    `,
  },
  {
    id: 'read-model/012-payment-links',
    sql: `
      -- each payment link, its uses and how many of its payments were verified
      CREATE TABLE rm_payment_links (
        link_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        code text NOT NULL,
        description text,
        amount_paisa bigint,
        min_amount_paisa bigint NOT NULL,
        max_amount_paisa bigint NOT NULL,
        gateways text[] NOT NULL,
        max_uses integer,
        expires_at timestamptz,
        return_url text,
        created_at timestamptz NOT NULL,
        disabled_at timestamptz,
        uses integer NOT NULL DEFAULT 0,
        verified integer NOT NULL DEFAULT 0,
        stream_version integer NOT NULL
      );
      CREATE INDEX rm_payment_links_tenant ON rm_payment_links (tenant_id, created_at);
      -- the payments made through a link, with what the payer chose to tell the merchant, and their state
      CREATE TABLE rm_payment_link_payments (
        payment_id uuid PRIMARY KEY,
        link_id uuid NOT NULL,
        tenant_id uuid NOT NULL,
        amount_paisa bigint NOT NULL,
        payer_name text,
        payer_phone text,
        status text NOT NULL DEFAULT 'pending',
        -- the payment stream's version of the decision the status is from: a decision read again changes nothing
        decided_version integer NOT NULL DEFAULT 0,
        used_at timestamptz NOT NULL
      );
      CREATE INDEX rm_payment_link_payments_link ON rm_payment_link_payments (link_id, used_at);
    `,
  },
];
