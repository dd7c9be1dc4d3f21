// Writes a benchmark run's figures: bench/results.json (flat keys, numbers or null) and BENCHMARKS.md
// (each figure's median and range over the runs, its target if it has one, the method, the machine).
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const MODES = ['embedded', 'distributed'];
const DISTRIBUTED_APPS = ['api_gateway', 'matcher', 'projector', 'notifier'];
const http = (route) => MODES.flatMap((mode) => [`${route}_rps_${mode}`, `${route}_p50_ms_${mode}`, `${route}_p99_ms_${mode}`]);

/** Every key of results.json, in order. */
const KEYS = [
  'ceiling_fastify_rps', 'ceiling_fastify_p50_ms', 'ceiling_fastify_p99_ms',
  'ceiling_pg_insert_tps', 'ceiling_pglite_insert_per_s', 'ceiling_pglite_select_per_s',
  ...http('verify'), ...http('status'),
  ...['verify', 'status'].flatMap((route) => [`${route}_rps_embedded_traced`, `${route}_p50_ms_embedded_traced`, `${route}_p99_ms_embedded_traced`]),
  'verify_ratio_embedded', 'verify_ratio_distributed', 'status_ratio_embedded', 'status_ratio_distributed',
  ...MODES.flatMap((mode) => [`e2e_p50_ms_${mode}`, `e2e_p99_ms_${mode}`, `e2e_max_rate_${mode}`, `e2e_max_rate_p99_ms_${mode}`]),
  'rebuild_events_per_s', 'rebuild_all_projections_events_per_s',
  ...['', '_distributed', '_3_matchers'].flatMap((suffix) => [`matches_per_s${suffix}`, `ingest_to_decision_p50_ms${suffix}`, `ingest_to_decision_p99_ms${suffix}`]),
  'parses_per_s', 'parses_per_s_exact', 'parse_10kb_worst_ms',
  'webhooks_per_s', 'decision_to_webhook_p50_ms', 'decision_to_webhook_p99_ms',
  'rss_mb_embedded', ...DISTRIBUTED_APPS.map((app) => `rss_mb_${app}`),
  ...MODES.flatMap((mode) => ['forwarders', 'ledgers', 'stalls'].map((watch) => `watch_${watch}_ms_10k_tenants_${mode}`)),
  ...MODES.map((mode) => `retention_sms_shredded_per_s_${mode}`),
];

/** Each ratio: the service's figure over the ceiling measured in the same run. */
const RATIOS = {
  verify_ratio_embedded: ['verify_rps_embedded', 'ceiling_pglite_insert_per_s'],
  verify_ratio_distributed: ['verify_rps_distributed', 'ceiling_pg_insert_tps'],
  status_ratio_embedded: ['status_rps_embedded', 'ceiling_pglite_select_per_s'],
  status_ratio_distributed: ['status_rps_distributed', 'ceiling_fastify_rps'],
};

const TARGETS = {
  verify_ratio_distributed: ['≥', 0.5],
  verify_ratio_embedded: ['≥', 0.4],
  status_ratio_distributed: ['≥', 0.25],
  status_ratio_embedded: ['≥', 0.5],
  e2e_p99_ms_embedded: ['≤', 50],
  e2e_p99_ms_distributed: ['≤', 150],
  rebuild_events_per_s: ['≥', 20_000],
  parses_per_s: ['≥', 100_000],
  parse_10kb_worst_ms: ['≤', 5],
  rss_mb_embedded: ['≤', 300],
  matches_per_s: ['≥', 1_000],
  matches_per_s_distributed: ['≥', 1_000],
  e2e_max_rate_embedded: ['≥', 500],
  e2e_max_rate_distributed: ['≥', 500],
  webhooks_per_s: ['≥', 1_000],
};

const format = (value) => (value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 3 }));
const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;

/** `figures`: key → {median, min, max, runs} (a single measurement has runs 1). Adds the ratios. */
function withRatios(figures) {
  const all = { ...figures };
  for (const [key, [service, ceiling]] of Object.entries(RATIOS)) {
    const [s, c] = [figures[service], figures[ceiling]];
    if (s && c) all[key] = { median: ratio(s.median, c.median), min: ratio(s.min, c.max), max: ratio(s.max, c.min), runs: Math.min(s.runs, c.runs) };
  }
  return all;
}

function reached(key, figure) {
  const target = TARGETS[key];
  if (!target) return '';
  if (!figure) return 'not measured';
  const [sign, bound] = target;
  return (sign === '≥' ? figure.median >= bound : figure.median <= bound) ? 'yes' : 'no';
}

function rangeOf(figure) {
  if (!figure) return '';
  if (figure.runs === 1) return 'one measurement';
  return `${format(figure.min)} – ${format(figure.max)}`;
}

const METHOD = `## Method

\`npm run bench\` builds once, starts PostgreSQL, Redis and Kafka (\`npm run services:up\`), and
measures everything below in one go, so that each figure has its ceiling, measured on the same machine
in the same minutes, beside it: absolute figures drift on shared machines, ratios much less.
Every measurement has a warm-up whose figures are dropped, then 3 runs (the median and the range,
min – max, are given); the step search and the peak RSS are single measurements. \`npm run bench -- --quick\`
measures the embedded figures only, one short run each, to check the harness (not for the record).
The load generator (autocannon, the paced SMS sender, the webhook receivers) runs in the same
machine as the service, as it must here, and shares its cores.

- **Ceilings**: \`ceiling_fastify_rps\`, a bare Fastify route (the service's Fastify version) answering a
  small JSON body, in its own process, autocannon 50 connections; \`ceiling_pg_insert_tps\`, pgbench
  (\`-M prepared -c 8 -j 2\`) against the services' PostgreSQL, one INSERT of a ~300-byte JSONB row into
  a fresh table per transaction, durable commits (the server's fsync checked on, synchronous_commit
  forced on for pgbench's sessions); \`ceiling_pglite_insert_per_s\` and \`ceiling_pglite_select_per_s\`,
  PGlite (the service's version) in-process, persisted in a fresh folder, the same row inserted one
  statement at a time, then one row selected by primary key at a time.
- **Verify and status** (\`verify_*\`, \`status_*\`): autocannon, 50 connections, against the built
  service (embedded: one process on PGlite, as \`npm start\` runs it, with node's \`--optimize-for-size\`;
  distributed: the four apps on PostgreSQL, Kafka and Redis). Verify registers a new intent each request. Only 2xx answers count as
  throughput; each run uses fresh tenants, enough that none meets its per-minute rate limit (a run
  with any other answer says so below). Ratios are the service's median over the ceiling's median (their
  range: the lowest service run over the highest ceiling run, and the other way round).
- **End to end** (\`e2e_*\`): intents registered first (and read back), then SMS ingests sent open-loop
  at a steady 50/s; each latency runs from the start of the ingest request to the webhook's arrival
  at a local receiver; a webhook not arriving counts as infinitely late. Webhooks go to 16 local
  endpoints (distinct ports, so distinct origins, as distinct merchants have: the notifier limits
  deliveries in flight per origin). \`e2e_max_rate_*\` is the highest step (50, 100, 150, 200, 250, 300,
  400, 500…) whose p99 stays under 100 ms with no webhook lost and no ingest refused, one shorter run
  a step, stopping at the first failing step (or at the time budget, said below).
- **Rebuild** (\`rebuild_events_per_s\`): a 100,000-event backlog of payment events written into a fresh
  PostgreSQL database, then the offline rebuild of the payments projection, in events per second
  (\`rebuild_all_projections_events_per_s\`: every projection rebuilt in turn, events handled per second).
- **Matching** (\`matches_per_s\`): SMS ingests matching registered intents, 50 in flight, on the
  embedded service (each ingest answers once the matcher decided); \`ingest_to_decision_*\`: the same one
  at a time. \`*_distributed\`: the same against the distributed service with one matcher process;
  \`*_3_matchers\`: with three, sharing the partitions (on two cores it shows the sharing works, not a speed-up). **Parsing** (\`parses_per_s\`): the development set of gathered SMS, every tier and every kind of non-payment as they occur there, parsed over and over on one core (since issue 29; before, \`parses_per_s\` was measured on the exact cases, so its earlier figures compare with \`parses_per_s_exact\`); \`parses_per_s_exact\`: the same for the exact cases, built on the templates' wordings (mostly template readings, the fast path); \`parse_10kb_worst_ms\`: the slowest of the adversarial 10 KB bodies (repeated half-written money, labels without values, endless names, Urdu), read with the length cap lifted, each the fastest of five reads.
  **Webhooks** (\`webhooks_per_s\`): 1,000 dead-lettered webhooks redelivered at once by the embedded
  service; \`decision_to_webhook_*\`: from the decision to the first attempt, one payment at a time.
- **Watches** (\`watch_<watch>_ms_10k_tenants_<mode>\`): one round of each watch (phones, ledgers, stalls) over a
  read model seeded as a busy day leaves it at 10,000 tenants — a phone each, one in ten quiet for half an hour
  to five hours but not due, one ledger in a hundred with a break not yet due, fifteen verified payments each,
  one pending five minutes and one abandoned forty minutes ago (10,000 stall candidates, none due): the median
  of five rounds after the first (which fills the caches), on PGlite (embedded) and PostgreSQL (distributed),
  lag check excluded (about 1–2 ms a watch). \`apps/matcher/bench/watches.bench.ts\`.
- **Retention** (\`retention_sms_shredded_per_s_<mode>\`): one run of the payer data retention job over 20,000 SMS
  of 100 tenants spread over 400 days (about 11,000 past 180 days; two in three matched with a payment, one in a
  hundred of those in review and kept): keys destroyed per second, each tenant's batch recorded first
  (\`PayerDataExpired\`). \`apps/matcher/bench/retention.bench.ts\`.
- **Tracing** (\`*_embedded_traced\`): the embedded verify and status figures again with tracing on (the
  standard \`OTEL_EXPORTER_OTLP_ENDPOINT\`, every span exported over OTLP/HTTP to a local endpoint that drops
  them), to read beside the untraced ones of the same run: what turning tracing on costs. \`bench/tracing.bench.js\`.
- **Memory**: \`rss_mb_embedded\`, the embedded process's peak RSS (VmHWM) after the verify load;
  \`rss_mb_<app>\`, each distributed process's peak RSS at the end of the distributed measurements.
`;

/** The hand-written account of what profiling found and what changed, kept beside the figures. */
function profilingNotes(root) {
  const file = join(root, 'bench', 'PROFILING.md');
  return existsSync(file) ? `\n${readFileSync(file, 'utf8').trim()}\n` : '';
}

function markdown({ figures, notes, machine, quick, startedAt, seconds }, profiling) {
  const rows = KEYS.map((key) => {
    const figure = figures[key];
    const target = TARGETS[key] ? `${TARGETS[key][0]} ${format(TARGETS[key][1])}` : '';
    return `| \`${key}\` | ${figure ? format(figure.median) : 'not measured'} | ${rangeOf(figure)} | ${target} | ${reached(key, figure)} |`;
  });
  return `# Benchmarks

${quick ? '**Quick run** (`npm run bench -- --quick`: embedded figures only, one short run each; not for the record).' : 'Full run (`npm run bench`).'}
Date: ${startedAt.toISOString()}; the run took ${Math.round(seconds)} s. Written by \`bench/run.js\`; the same
figures are in \`bench/results.json\`. Latencies in ms, throughputs per second, memory in MB.

| Figure | Median | Range | Target | Reached |
|---|---|---|---|---|
${rows.join('\n')}
${profiling}
${METHOD}
## This run

${notes.length ? notes.map((note) => `- ${note}`).join('\n') : '- nothing to report'}

## Machine and versions

${Object.entries(machine).map(([what, value]) => `- ${what}: ${value}`).join('\n')}
`;
}

/** Writes both files; returns the results as written to JSON. */
function writeReport(root, run) {
  const figures = withRatios(run.figures);
  const results = Object.fromEntries(KEYS.map((key) => [key, figures[key]?.median ?? null]));
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(root, 'BENCHMARKS.md'), markdown({ ...run, figures }, profilingNotes(root)));
  return results;
}

module.exports = { writeReport, KEYS };
