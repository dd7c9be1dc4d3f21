// The retention job's speed: payer data keys destroyed per second, over a store seeded the way months of SMS leave it,
// on PGlite (the embedded mode) or PostgreSQL (`databaseUrl`).
import { PAYER_DATA_EXPIRED } from '@pvs/contracts';
import { SqlPayerDataVault } from '@pvs/payer-data';
import { SubjectPayments } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { withBenchDatabase } from './bench-database';
import { PayerDataRetention } from '../src/retention/payer-data-retention';

const TENANTS = 100;

/**
 * `sms` SMS over 400 days to 100 tenants, each with its key: two in three matched with a payment (verified, but one in
 * a hundred still in review), the rest read as no payment. The first is 400 days old, so those of the first 220 days are past
 * the default retention of 180 days.
 */
async function seed(sql: SqlClient, sms: number, now: Date): Promise<void> {
  await sql.query(`CREATE TEMP TABLE bench_sms AS SELECT gen_random_uuid() AS sms_id, gen_random_uuid() AS payment_id, n, (SELECT array_agg(gen_random_uuid()) FROM generate_series(1, $2))[1 + n % $2] AS tenant_id FROM generate_series(1, $1) AS n`, [sms, TENANTS]);
  await sql.query(
    `INSERT INTO pd_data_keys (subject, tenant_id, wrapped_key, created_at)
     SELECT 'sms/' || sms_id, tenant_id, 'v2:bench:' || md5(sms_id::text), $1::timestamptz - interval '400 days' + make_interval(secs => n * (400 * 86400.0 / $2)) FROM bench_sms`,
    [now, sms],
  );
  await sql.query(
    `INSERT INTO rm_payments (uuid, tenant_id, gateway, transaction_reference, amount_expected_paisa, status, created_at, updated_at, stream_version, sms_id)
     SELECT payment_id, tenant_id, 'wallet_one', 'T' || n, 10000, CASE WHEN n % 100 = 0 THEN 'manual_review' ELSE 'verified' END, $1, $1, 2, sms_id FROM bench_sms WHERE n % 3 <> 0`,
    [now],
  );
  await sql.query(
    `INSERT INTO rm_sms (sms_id, tenant_id, sender, body, source, recorded_at, state, gateway, stream_version, payment_id)
     SELECT sms_id, tenant_id, '8558', 'pd1:sealed', 'native', $1, 'parsed', 'wallet_one', 2, CASE WHEN n % 3 <> 0 THEN payment_id END FROM bench_sms`,
    [now],
  );
  await sql.query('ANALYZE');
}

export interface RetentionCost {
  readonly sms: number;
  readonly destroyed: number;
  readonly kept: number;
  readonly batches: number;
  readonly seconds: number;
  readonly destroyedPerSecond: number;
}

export async function benchRetention({ sms = 20_000, databaseUrl }: { sms?: number; databaseUrl?: string } = {}): Promise<RetentionCost> {
  return withBenchDatabase(databaseUrl, async (sql, events) => {
    const now = new Date();
    await seed(sql, sms, now);
    const vault = new SqlPayerDataVault(sql, { seal: () => ({ ciphertext: '' }), open: () => '', isStale: () => false });
    const current = { lagSeconds: async () => 0 };
    const retention = new PayerDataRetention(events, vault, { payments: new SubjectPayments(sql), position: current }, () => [], { now: () => now }, 3_600_000);
    const started = performance.now();
    const run = await retention.run();
    const seconds = (performance.now() - started) / 1_000;
    const batches = (await events.readAll({ filter: { types: [PAYER_DATA_EXPIRED] } })).length;
    return { sms, destroyed: run.destroyed, kept: run.kept, batches, seconds: Math.round(seconds * 100) / 100, destroyedPerSecond: Math.round(run.destroyed / seconds) };
  });
}

/** The bench's figure: SMS whose payer data one run destroys per second, in the mode the database says. */
export async function retentionFigures(mode: 'embedded' | 'distributed', databaseUrl?: string): Promise<Record<string, number>> {
  return { [`retention_sms_shredded_per_s_${mode}`]: (await benchRetention({ databaseUrl })).destroyedPerSecond };
}

if (require.main === module) {
  benchRetention({ sms: Number(process.argv[2] ?? 20_000), databaseUrl: process.env.DATABASE_URL }).then(
    (cost) => console.log(JSON.stringify(cost, null, 2)),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
