// The watches' cost per tick at many tenants: one round of the phones', ledgers' and stalls' watches over a read
// model seeded the way a busy day leaves it, on PGlite (the embedded mode) or PostgreSQL (`databaseUrl`).
import { randomBytes } from 'node:crypto';
import { DEFAULT_SILENCE_LIMITS, DEFAULT_STALL_LIMITS } from '@pvs/domain';
import { SqlPayerDataVault } from '@pvs/payer-data';
import { QuietForwarders, ReadModelPosition, StallCandidates, UnsettledLedgers } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { withBenchDatabase } from './bench-database';
import { SecretBox } from '@pvs/tenants';
import { ForwarderWatch } from '../src/forwarders/forwarder-watch';
import { GapWatch } from '../src/ledgers/gap-watch';
import { StallWatch } from '../src/stalls/stall-watch';
import { Watch } from '../src/watching/watch-schedule';

const MINUTE_MS = 60_000;

/**
 * Every tenant has a phone (most heard from in the last ten minutes, one in ten quiet for half an hour to five hours
 * after a day of words six hours apart, so not yet silent), fifteen payments verified within five minutes over the
 * last month, one payment pending five minutes and one abandoned forty minutes ago (past twice the floor, short of its
 * stall), and a ledger (one in a hundred with a break a few minutes old, not yet due): nothing is due, every candidate
 * is looked at.
 */
async function seed(sql: SqlClient, tenants: number, now: Date): Promise<void> {
  await sql.query(`CREATE TEMP TABLE bench_tenants AS SELECT gen_random_uuid() AS tenant_id, gen_random_uuid() AS forwarder_id, n FROM generate_series(1, $1) AS n`, [tenants]);
  await sql.query(
    `INSERT INTO rm_forwarders (forwarder_id, tenant_id, app, device, first_seen_at, last_heard_at, stream_version)
     SELECT forwarder_id, tenant_id, 'native', 'phone', $1::timestamptz - interval '30 days',
            CASE WHEN n % 10 = 0 THEN $1::timestamptz - make_interval(mins => 31 + n % 270) ELSE $1::timestamptz - make_interval(mins => n % 10) END, 1
     FROM bench_tenants`,
    [now],
  );
  await sql.query(
    `INSERT INTO rm_forwarder_heard (forwarder_id, heard_at)
     SELECT t.forwarder_id, f.last_heard_at - make_interval(hours => 6 * w) FROM bench_tenants t JOIN rm_forwarders f USING (forwarder_id), generate_series(0, 11) AS w WHERE t.n % 10 = 0`,
  );
  await sql.query(
    `INSERT INTO rm_sms (sms_id, tenant_id, sender, body, source, recorded_at, state, gateway, stream_version, forwarder_id)
     SELECT gen_random_uuid(), tenant_id, '8558', 'Rs 100.00 received', 'native', $1::timestamptz - interval '1 hour', 'parsed', 'wallet_one', 1, forwarder_id FROM bench_tenants`,
    [now],
  );
  await sql.query(
    `INSERT INTO rm_payments (uuid, tenant_id, gateway, transaction_reference, amount_expected_paisa, amount_detected_paisa, status, verified_at, created_at, updated_at, expires_at, stream_version)
     SELECT gen_random_uuid(), tenant_id, 'wallet_one', 'T' || n || '-' || k, 10000, 10000, 'verified',
            $1::timestamptz - make_interval(days => k) + make_interval(mins => 2 + k % 4), $1::timestamptz - make_interval(days => k), $1::timestamptz, $1::timestamptz, 2
     FROM bench_tenants, generate_series(1, 15) AS k`,
    [now],
  );
  await sql.query(
    `INSERT INTO rm_payments (uuid, tenant_id, gateway, transaction_reference, amount_expected_paisa, status, created_at, updated_at, expires_at, stream_version)
     SELECT gen_random_uuid(), tenant_id, 'wallet_one', 'P' || n || '-' || age, 10000, 'pending', $1::timestamptz - make_interval(mins => age), $1::timestamptz, $1::timestamptz + interval '1 day', 1
     FROM bench_tenants, (VALUES (5), (40)) AS ages(age)`,
    [now],
  );
  await sql.query(
    `INSERT INTO rm_ledgers (account_key, tenant_id, gateway, account, last_balance_paisa, last_stated_at, statements, unsettled_since, stream_version)
     SELECT gen_random_uuid(), tenant_id, 'bank', '**' || lpad((n % 10000)::text, 4, '0'), 1000000, $1::timestamptz - interval '3 minutes', 40,
            CASE WHEN n % 100 = 0 THEN $1::timestamptz - interval '3 minutes' END, 40
     FROM bench_tenants`,
    [now],
  );
  await sql.query('ANALYZE');
}

export interface WatchesCost {
  readonly tenants: number;
  /** Milliseconds of one round of each watch: the first (caches cold), then the median of the next ones. */
  readonly firstRoundMs: Readonly<Record<string, number>>;
  readonly steadyRoundMs: Readonly<Record<string, number>>;
  readonly candidates: Readonly<Record<string, number>>;
}

export async function benchWatches({ tenants = 10_000, rounds = 6, databaseUrl }: { tenants?: number; rounds?: number; databaseUrl?: string } = {}): Promise<WatchesCost> {
  return withBenchDatabase(databaseUrl, async (sql, events) => {
    const now = new Date();
    await seed(sql, tenants, now);
    const watches: Record<string, Watch> = {
      forwarders: new ForwarderWatch(events, new QuietForwarders(sql), DEFAULT_SILENCE_LIMITS),
      ledgers: new GapWatch(events, new UnsettledLedgers(sql), 10 * MINUTE_MS),
      stalls: new StallWatch(events, new StallCandidates(sql), new SqlPayerDataVault(sql, new SecretBox(randomBytes(32))), DEFAULT_STALL_LIMITS),
    };
    const position = new ReadModelPosition(events, sql, () => now);
    const timings: Record<string, number[]> = {};
    for (let round = 0; round < rounds; round++) {
      for (const [name, watch] of Object.entries(watches)) {
        const started = performance.now();
        await position.lagSeconds(watch.reads);
        const looked = performance.now();
        const done = await watch.round(now);
        if (done.raised > 0) throw new Error(`${name} raised ${done.raised}: the seed was meant to leave nothing due`);
        (timings[name] ??= []).push(performance.now() - looked);
        (timings[`${name} lag check`] ??= []).push(looked - started);
      }
    }
    const count = async (query: string) => Number((await sql.query<{ n: string }>(query, [now]))[0]?.n ?? 0);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    return {
      tenants,
      firstRoundMs: Object.fromEntries(Object.entries(timings).map(([name, values]) => [name, Math.round(values[0] ?? 0)])),
      steadyRoundMs: Object.fromEntries(Object.entries(timings).map(([name, values]) => [name, Math.round(median(values.slice(1)) * 10) / 10])),
      candidates: {
        quietPhones: await count(`SELECT count(*) AS n FROM rm_forwarders WHERE last_heard_at < $1::timestamptz - interval '30 minutes'`),
        unsettledLedgers: await count(`SELECT count(*) AS n FROM rm_ledgers WHERE unsettled_since IS NOT NULL AND $1::timestamptz IS NOT NULL`),
        pendingPastTwiceTheFloor: await count(`SELECT count(*) AS n FROM rm_payments WHERE status = 'pending' AND created_at < $1::timestamptz - interval '20 minutes'`),
      },
    };
  });
}

/** The bench's figures: the steady round of each watch at 10,000 tenants, in the mode the database says. */
export async function watchFigures(mode: 'embedded' | 'distributed', databaseUrl?: string): Promise<Record<string, number>> {
  const cost = await benchWatches({ databaseUrl });
  return Object.fromEntries(['forwarders', 'ledgers', 'stalls'].map((watch) => [`watch_${watch}_ms_10k_tenants_${mode}`, cost.steadyRoundMs[watch] ?? 0]));
}

if (require.main === module) {
  benchWatches({ tenants: Number(process.argv[2] ?? 10_000), databaseUrl: process.env.DATABASE_URL }).then(
    (cost) => console.log(JSON.stringify(cost, null, 2)),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
