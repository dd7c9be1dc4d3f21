// Rebuild throughput: a 100,000-event backlog of payment events (registrations and their decisions,
// one stream per payment, over 50 tenants) on a fresh PostgreSQL database, then an offline rebuild
// of the payments projection and of every projection, in events per second. Runs on the built code.
const { randomBytes, randomInt, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { migrate } = require('../dist/libs/sql/src');
const { PgPoolClient } = require('../dist/libs/sql/src/postgres');
const { PostgresEventStore } = require('../dist/libs/event-store/src/postgres');
const { readModelMigrations } = require('../dist/libs/read-model/src');
const { PROJECTIONS, ProjectionRebuild, paymentsProjection } = require('../dist/apps/projector/src');
const { runAlone } = require('./method');

const EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 100_000);
const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
const TENANTS = Array.from({ length: 50 }, () => randomUUID());
const GATEWAYS = ['wallet_one', 'wallet_two', 'bank'];
const CHUNK = 5_000;

/** One payment's events as the gateway, the matcher and operators record them. */
function paymentEvents(now) {
  const paymentId = randomUUID();
  const tenantId = TENANTS[randomInt(TENANTS.length)];
  const amountPaisa = randomInt(100, 10_000_000);
  const registeredAt = new Date(now - randomInt(0, 7 * 86_400_000));
  const at = (seconds) => new Date(registeredAt.getTime() + seconds * 1000).toISOString();
  const reference = String(randomInt(100_000_000_000, 999_999_999_999));
  const smsId = randomUUID();
  const events = [['PaymentIntentRegistered', {
    paymentId, tenantId, gateway: GATEWAYS[randomInt(3)], transactionReference: reference, normalizedReference: reference,
    amountPaisa, senderSource: '03001234567', callbackUrl: 'https://shop.example/hooks/pay', clientMetadata: { order_id: `A-${randomInt(1e6)}` },
    registeredAt: at(0), expiresAt: at(86_400),
  }]];
  const roll = randomInt(100);
  if (roll < 60) events.push(['PaymentVerified', { paymentId, smsId, amountDetectedPaisa: amountPaisa, verifiedAt: at(randomInt(5, 900)), balanceCheck: 'consistent' }]);
  else if (roll < 75) {
    events.push(['PaymentFlaggedForReview', { paymentId, smsId, amountDetectedPaisa: amountPaisa - 100, reason: 'amount_mismatch', balanceCheck: 'unknown', flaggedAt: at(120) }]);
    events.push([roll < 70 ? 'PaymentApproved' : 'PaymentRejected', { paymentId, operator: 'ayesha', note: '', decidedAt: at(3_600) }]);
  } else if (roll < 85) events.push(['PaymentExpired', { paymentId, expiredAt: at(86_400) }]);
  return events.map(([type, data], index) => ({
    id: randomUUID(), stream: `payment-${paymentId}`, version: index + 1, type, data,
    metadata: { tenantId, correlationId: randomUUID() }, recordedAt: at(index * 60),
  }));
}

/** Writes `count` events straight into the event store's tables, 5,000 events a statement. */
async function appendBacklog(client, count) {
  const now = Date.now();
  let events = [];
  let written = 0;
  const flush = async () => {
    const last = new Map(events.map((event) => [event.stream, event.version]));
    await client.query(
      `INSERT INTO es_streams (stream_name, category, version) SELECT stream, 'payment', version FROM unnest($1::text[], $2::bigint[]) AS s(stream, version)
       ON CONFLICT (stream_name) DO UPDATE SET version = EXCLUDED.version`,
      [[...last.keys()], [...last.values()]],
    );
    await client.query(
      `INSERT INTO es_events (event_id, stream_name, stream_version, category, event_type, data, metadata, recorded_at)
       SELECT id, stream, version, 'payment', type, data, metadata, recorded_at
       FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::json[], $6::jsonb[], $7::timestamptz[])
         AS e(id, stream, version, type, data, metadata, recorded_at)`,
      [events.map((e) => e.id), events.map((e) => e.stream), events.map((e) => e.version), events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)), events.map((e) => JSON.stringify(e.metadata)), events.map((e) => e.recordedAt)],
    );
    written += events.length;
    events = [];
  };
  while (written + events.length < count) {
    events.push(...paymentEvents(now).slice(0, count - written - events.length));
    if (events.length >= CHUNK) await flush();
  }
  if (events.length > 0) await flush();
  return written;
}

async function rebuild(projection, events, sql) {
  const started = performance.now();
  const result = await new ProjectionRebuild(projection, events, sql).run();
  return { events: result.eventsDone, seconds: (performance.now() - started) / 1000 };
}

/** Builds a backlog of `events` events, rebuilds, and returns the figures. */
async function benchRebuild({ events: backlog = EVENTS } = {}) {
  const database = `pvs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = Object.assign(new URL(SERVER), { pathname: `/${database}` }).toString();
  const sql = new PgPoolClient({ connectionString: url });
  const loader = new Client({ connectionString: url });
  try {
    const events = new PostgresEventStore(sql);
    await events.migrate();
    await migrate(sql, readModelMigrations);
    await loader.connect();
    const appended = await appendBacklog(loader, backlog);
    await loader.query('ANALYZE');

    const payments = await rebuild(paymentsProjection, events, sql);
    const all = { events: 0, seconds: 0 };
    const perProjection = {};
    for (const projection of PROJECTIONS) {
      const { events: done, seconds } = await rebuild(projection, events, sql);
      perProjection[projection.name] = Math.round(done / seconds);
      all.events += done;
      all.seconds += seconds;
    }
    return {
      backlog_events: appended,
      payments_rebuild_events_per_s: Math.round(payments.events / payments.seconds),
      payments_rebuild_seconds: Number(payments.seconds.toFixed(2)),
      all_projections_events_per_s: Math.round(all.events / all.seconds),
      all_projections_seconds: Number(all.seconds.toFixed(2)),
      events_per_s_by_projection: perProjection,
    };
  } finally {
    await loader.end().catch(() => undefined);
    await sql.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

module.exports = { benchRebuild };

if (require.main === module) runAlone(() => benchRebuild());
