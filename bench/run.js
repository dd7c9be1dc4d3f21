// `npm run bench`: builds once, starts the services, runs every benchmark (warm-up, then 3 runs) with
// the ceilings they are compared with, and writes bench/results.json and BENCHMARKS.md.
// `npm run bench -- --quick`: the embedded figures only, one short run each (a few minutes at most).
// `npm run bench -- --soak`: only the memory soak of both modes (an hour each; bench/soak.bench.js).
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { loadavg, totalmem } = require('node:os');
const { join } = require('node:path');
const { benchFastifyCeiling } = require('./ceilings/fastify.bench');
const { benchPgCeiling } = require('./ceilings/pgbench.bench');
const { benchPgliteCeiling } = require('./ceilings/pglite.bench');
const { benchDistributed } = require('./distributed.bench');
const { benchE2eEmbedded } = require('./e2e.bench');
const { benchEmbeddedHttp } = require('./embedded-http.bench');
const { benchMatching } = require('./matching.bench');
const { afterWarmUp, median } = require('./method');
const { writeReport } = require('./report');
const { benchTracing } = require('./tracing.bench');
const { benchWebhooks } = require('./webhooks.bench');

const ROOT = join(__dirname, '..');
const quick = process.argv.includes('--quick');
const soakOnly = process.argv.includes('--soak');

const PROFILE = quick
  ? { runs: 1, warmUpS: 1, durationS: 4, e2eDurationS: 6, stepDurationS: 4, stepBudgetS: 25, matches: 200, webhooks: 200, parseMs: 1_000 }
  : { runs: 3, warmUpS: 5, durationS: 10, e2eDurationS: 20, stepDurationS: 10, stepBudgetS: 240, matches: 1_000, webhooks: 1_000, parseMs: 3_000, rebuildEvents: 100_000 };

const startedAt = new Date();
const log = (message) => process.stderr.write(`[bench ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s] ${message}\n`);
const sh = (command, args) => execFileSync(command, args, { cwd: ROOT, encoding: 'utf8' }).trim();
const packageVersion = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

/** Loaded after the build: they are the built code. */
function builtBenches() {
  const { PARSE_MIXES, benchParse, benchWorstTenKb } = require('../dist/libs/sms-parsers/bench/parse.bench');
  const parse = async ({ runs, parseMs }) => ({
    runs: await afterWarmUp(
      runs,
      () => benchParse(parseMs / 3),
      async () => ({
        parses_per_s: (await benchParse(parseMs, PARSE_MIXES.development)).parsesPerSecond,
        parses_per_s_exact: (await benchParse(parseMs, PARSE_MIXES.exact)).parsesPerSecond,
        parse_10kb_worst_ms: benchWorstTenKb().worstMs,
      }),
    ),
  });
  const rebuild = async ({ runs, rebuildEvents }) => {
    const { benchRebuild } = require('./rebuild.bench');
    const once = async (events) => {
      const figures = await benchRebuild({ events });
      return { rebuild_events_per_s: figures.payments_rebuild_events_per_s, rebuild_all_projections_events_per_s: figures.all_projections_events_per_s };
    };
    return { runs: await afterWarmUp(runs, () => once(rebuildEvents / 10), () => once(rebuildEvents)) };
  };
  const { watchFigures } = require('../dist/apps/matcher/bench/watches.bench');
  const watches = (mode) => async () => ({ once: mode === 'embedded' ? await watchFigures(mode) : await withScratchDatabase((url) => watchFigures(mode, url)) });
  const { retentionFigures } = require('../dist/apps/matcher/bench/retention.bench');
  const retention = (mode) => async () => ({ once: mode === 'embedded' ? await retentionFigures(mode) : await withScratchDatabase((url) => retentionFigures(mode, url)) });
  return { parse, rebuild, watches, retention };
}

/** A database of its own on the PostgreSQL server, dropped afterwards. */
async function withScratchDatabase(use) {
  const { Client } = require('pg');
  const server = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
  const database = `pvs_bench_${require('node:crypto').randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    return await use(Object.assign(new URL(server), { pathname: `/${database}` }).toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

function sections() {
  const { parse, rebuild, watches, retention } = builtBenches();
  const embedded = [
    ['ceiling: bare Fastify', (p) => benchFastifyCeiling(p)],
    ['ceiling: PGlite', (p) => benchPgliteCeiling(p)],
    ['embedded verify and status', (p) => benchEmbeddedHttp(p)],
    ['embedded verify and status, traced', (p) => benchTracing(p)],
    ['embedded end to end', (p) => benchE2eEmbedded({ ...p, durationS: p.e2eDurationS })],
    ['matching', (p) => benchMatching({ runs: p.runs, matches: p.matches })],
    ['webhooks', (p) => benchWebhooks({ runs: p.runs, payments: p.webhooks })],
    ['parsing', parse],
    ['watches at 10,000 tenants, PGlite', watches('embedded')],
    ['payer data retention, PGlite', retention('embedded')],
  ];
  const distributed = [
    ['ceiling: pgbench', (p) => benchPgCeiling(p)],
    ['distributed verify, status, end to end', (p) => benchDistributed(p)],
    ['distributed matching, one matcher', (p) => benchMatching({ runs: p.runs, matches: p.matches, mode: 'distributed' })],
    ['distributed matching, three matchers', (p) => benchMatching({ runs: p.runs, matches: p.matches, mode: 'distributed_3_matchers' })],
    ['projection rebuild', rebuild],
    ['watches at 10,000 tenants, PostgreSQL', watches('distributed')],
    ['payer data retention, PostgreSQL', retention('distributed')],
  ];
  return quick ? embedded : [...embedded, ...distributed];
}

function machine(versions) {
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';
  const kafka = quick ? null : /kafka: up \([^,]+, ([^)]+)\)/.exec(sh('bash', ['scripts/services/kafka.sh', 'status']))?.[1];
  const dirty = sh('git', ['status', '--porcelain']) ? ' with uncommitted changes' : '';
  return {
    'cores (`nproc`)': sh('nproc', []),
    CPU: cpu,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    'load average (1 min) at the start and the end': versions.load,
    Node: process.version,
    PostgreSQL: versions.postgresql ?? 'not used in this run',
    Kafka: kafka ?? 'not used in this run',
    PGlite: packageVersion('@electric-sql/pglite'),
    Fastify: packageVersion('fastify'),
    autocannon: packageVersion('autocannon'),
    commit: `${sh('git', ['rev-parse', '--short', 'HEAD'])}${dirty}`,
  };
}

function summarize(samples) {
  return Object.fromEntries(Object.entries(samples).map(([key, values]) => [
    key,
    { median: Math.round(median(values) * 10) / 10, min: Math.min(...values), max: Math.max(...values), runs: values.length },
  ]));
}

async function main() {
  log(`${soakOnly ? 'soak' : quick ? 'quick' : 'full'} run: building`);
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (!quick) execFileSync('npm', ['run', '--silent', 'services:up'], { cwd: ROOT, stdio: 'inherit' });
  if (soakOnly) {
    const { benchSoak } = require('./soak.bench');
    const results = await benchSoak();
    console.log(JSON.stringify(Object.fromEntries(Object.entries(results).map(([mode, r]) => [mode, { ...r, samples: undefined }])), null, 2));
    return;
  }
  const loadAtStart = loadavg()[0].toFixed(2);
  const samples = {};
  const notes = [`profile: ${JSON.stringify(PROFILE)}`];
  const versions = {};
  let failed = false;
  for (const [name, bench] of sections()) {
    log(name);
    try {
      const result = await bench(PROFILE);
      for (const figures of result.runs ?? []) {
        for (const [key, value] of Object.entries(figures)) if (value !== null) (samples[key] ??= []).push(value);
      }
      for (const [key, value] of Object.entries(result.once ?? {})) if (value !== null) samples[key] = [value];
      notes.push(...(result.notes ?? []));
      Object.assign(versions, result.versions);
    } catch (error) {
      failed = true;
      notes.push(`${name} failed: ${error.message}`);
      log(`${name} failed: ${error.stack}`);
    }
  }
  versions.load = `${loadAtStart}, ${loadavg()[0].toFixed(2)}`;
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const results = writeReport(ROOT, { figures: summarize(samples), notes, machine: machine(versions), quick, startedAt, seconds });
  console.log(JSON.stringify(results, null, 2));
  log(`done: bench/results.json and BENCHMARKS.md written in ${Math.round(seconds)} s`);
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
