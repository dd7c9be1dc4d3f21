// Time from an SMS ingest request to the matcher's recorded decision (the ingest response waits
// for it), p50/p99 over `matches` sequential matches, and matches per second with CONCURRENCY ingests
// in flight, on the embedded service, or distributed with one or three matcher processes.
const { afterWarmUp, percentile, pool, runAlone } = require('./method');
const { startDistributed, startService } = require('./service-process');

/** Ingests in flight while matches per second are measured: enough that the service, not the wait for each answer, is the bound. */
const CONCURRENCY = Number(process.env.BENCH_MATCH_CONCURRENCY ?? 50);

// 60 registrations and 120 ingests a minute per tenant: each run spreads its load over fresh tenants.
const PAYMENTS_PER_TENANT = 50;

const smsFor = (reference, amount) => ({ sender: '8558', body: `Rs ${amount}.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` });

async function matchOnce(service, matches, firstReference, notes) {
  const keys = (await service.createTenants(Math.ceil((2 * matches) / PAYMENTS_PER_TENANT))).map((tenant) => tenant.api_key);
  const payment = (i) => ({ reference: String(firstReference + i), amount: 100 + (i % 50), key: { 'x-api-key': keys[i % keys.length] } });
  await pool(matches * 2, 20, async (i) => {
    const { reference, amount, key } = payment(i);
    await service.call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount }, key);
  });
  const ingest = async (i) => {
    const { reference, amount, key } = payment(i);
    return (await service.call('POST', '/sms/ingest', smsFor(reference, amount), key)).body.status === 'verified';
  };

  const latencies = [];
  for (let i = 0; i < matches; i++) {
    const started = performance.now();
    await ingest(i);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);

  const started = performance.now();
  let verified = 0;
  await pool(matches, CONCURRENCY, async (j) => {
    if (await ingest(matches + j)) verified++;
  });
  const seconds = (performance.now() - started) / 1000;
  if (verified < matches) notes.push(`matching: ${matches - verified} of ${matches} concurrent ingests not verified (not counted)`);
  return {
    matches_per_s: Math.round(verified / seconds),
    ingest_to_decision_p50_ms: Number(percentile(latencies, 50).toFixed(1)),
    ingest_to_decision_p99_ms: Number(percentile(latencies, 99).toFixed(1)),
  };
}

/** `mode`: 'embedded', 'distributed' (one matcher process) or 'distributed_3_matchers'; keys are suffixed with it but for embedded. */
async function benchMatching({ runs = 3, matches = Number(process.env.BENCH_MATCHES ?? 1000), mode = 'embedded' } = {}) {
  const service = mode === 'embedded' ? await startService() : await startDistributed({}, { matchers: mode === 'distributed' ? 1 : 3 });
  const suffix = mode === 'embedded' ? '' : `_${mode.replace('distributed_', '')}`;
  let nextReference = 700_000_000_000;
  const notes = [];
  const once = async (count) => {
    const figures = await matchOnce(service, count, nextReference, notes);
    nextReference += 2 * count;
    return Object.fromEntries(Object.entries(figures).map(([key, value]) => [`${key}${suffix}`, value]));
  };
  try {
    const figures = await afterWarmUp(runs, () => once(Math.ceil(matches / 5)), () => once(matches));
    return { runs: figures, notes };
  } finally {
    await service.stop();
  }
}

module.exports = { benchMatching };

if (require.main === module) runAlone(() => benchMatching({ mode: process.env.BENCH_MATCH_MODE ?? 'embedded' }));
