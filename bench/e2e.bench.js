// End to end at a steady rate: intents registered first, then SMS ingests sent open-loop at a fixed
// rate; each latency runs from the ingest request's start to its webhook arriving at a local
// receiver. Then a step search for the highest rate whose p99 stays under 100 ms. Standalone, on
// the embedded service.
const { afterWarmUp, percentile, pool, runAlone, sleep } = require('./method');
const { startReceiver, startService } = require('./service-process');

const STEADY_RATE = 50;
const P99_LIMIT_MS = 100;
const STEPS = [50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000];
// When even the first step fails: lower rates, until one passes.
const STEPS_DOWN = [25, 10];
// Under the 60 registrations and 120 ingests a minute each tenant may make.
const PAYMENTS_PER_TENANT = 50;
// After the registrations read back, a pause for the matcher to take them in before the first SMS.
const SETTLE_MS = 500;
const WEBHOOK_ENDPOINTS = 16;

const smsFor = (reference) => ({ sender: '8558', body: `Rs 75.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` });
const oneDecimal = (ms) => (Number.isFinite(ms) ? Math.round(ms * 10) / 10 : null);

async function createProbe(service) {
  const arrivals = new Map();
  const receiver = await startReceiver((body) => {
    if (!arrivals.has(body.data.uuid)) arrivals.set(body.data.uuid, performance.now());
  }, WEBHOOK_ENDPOINTS);
  let nextReference = 910_000_000_000;

  /** `rate` ingests a second for `durationS`: p50/p99 in ms, webhooks lost, ingests refused, and how late the sender ran. */
  async function measure(rate, durationS) {
    const count = Math.round(rate * durationS);
    const tenants = await service.createTenants(Math.max(WEBHOOK_ENDPOINTS, Math.ceil(count / PAYMENTS_PER_TENANT)), receiver.urls);
    const payments = [];
    await pool(count, 8, async (i) => {
      const key = tenants[i % tenants.length].api_key;
      const reference = String(nextReference++);
      const registered = await service.call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 75 }, { 'x-api-key': key });
      if (registered.status !== 200) throw new Error(`registration refused: ${registered.status} ${JSON.stringify(registered.body)}`);
      payments[i] = { uuid: registered.body.data.uuid, reference, key };
    });
    await service.untilReadable(payments.slice(-tenants.length));
    await sleep(SETTLE_MS);

    let refused = 0;
    let lateMs = 0;
    const started = performance.now();
    await Promise.all(payments.map(async (payment, i) => {
      const due = started + (i * 1000) / rate;
      await sleep(Math.max(0, due - performance.now()));
      payment.sentAt = performance.now();
      lateMs = Math.max(lateMs, payment.sentAt - due);
      const answer = await service.call('POST', '/sms/ingest', smsFor(payment.reference), { 'x-api-key': payment.key }).catch(() => null);
      if (answer?.status !== 200) refused++;
    }));
    const deadline = performance.now() + Math.max(10_000, durationS * 1000);
    while (payments.some((p) => !arrivals.has(p.uuid)) && performance.now() < deadline) await sleep(20);

    const latencies = payments.map((p) => (arrivals.has(p.uuid) ? arrivals.get(p.uuid) - p.sentAt : Infinity)).sort((a, b) => a - b);
    const lost = latencies.filter((ms) => ms === Infinity).length;
    return { rate, p50_ms: oneDecimal(percentile(latencies, 50)), p99_ms: oneDecimal(percentile(latencies, 99)), lost, refused, sender_late_ms: Math.round(lateMs) };
  }

  return { measure, close: () => receiver.close() };
}

const passes = (step) => step.p99_ms !== null && step.p99_ms < P99_LIMIT_MS && step.lost === 0 && step.refused === 0;

/**
 * Rates in STEPS order, each for `durationS`, until one fails or `budgetS` has passed: the last passing
 * step; if none passed, the first of STEPS_DOWN that does (none: 0).
 */
async function findMaxRate(probe, durationS, budgetS) {
  const started = performance.now();
  const steps = [];
  let best = null;
  let stoppedBy = 'the last step';
  for (const rate of STEPS) {
    if ((performance.now() - started) / 1000 > budgetS) {
      stoppedBy = `the ${budgetS} s time budget`;
      break;
    }
    const step = await probe.measure(rate, durationS);
    steps.push(step);
    if (!passes(step)) {
      stoppedBy = `a failed step at ${rate}/s`;
      break;
    }
    best = step;
  }
  if (best === null) {
    for (const rate of STEPS_DOWN) {
      const step = await probe.measure(rate, durationS);
      steps.push(step);
      if (passes(step)) {
        best = step;
        break;
      }
    }
  }
  return { best, steps, stoppedBy };
}

function describeStep(step) {
  const losses = [step.lost && `${step.lost} webhooks lost`, step.refused && `${step.refused} ingests refused`].filter(Boolean).join(', ');
  return `${step.rate}/s: p50 ${step.p50_ms ?? '∞'} ms, p99 ${step.p99_ms ?? '∞'} ms${losses ? `, ${losses}` : ''}${step.sender_late_ms > 50 ? `, sender up to ${step.sender_late_ms} ms late` : ''}`;
}

/** On a running service: warm-up, `runs` runs at 50/s, then the step search; keys end in `_<mode>`. */
async function benchE2e(service, mode, { runs, warmUpS, durationS, stepDurationS, stepBudgetS }) {
  const probe = await createProbe(service);
  try {
    const notes = [];
    const steady = await afterWarmUp(runs, () => probe.measure(STEADY_RATE, warmUpS), async (index) => {
      const run = await probe.measure(STEADY_RATE, durationS);
      if (run.lost > 0 || run.refused > 0 || run.sender_late_ms > 50) notes.push(`${mode} e2e run ${index + 1} at ${describeStep(run)}`);
      return run;
    });
    const search = await findMaxRate(probe, stepDurationS, stepBudgetS);
    notes.push(`${mode} e2e step search (${stepDurationS} s a step, stopped by ${search.stoppedBy}): ${search.steps.map(describeStep).join('; ')}`);
    return {
      runs: steady.map((run) => ({ [`e2e_p50_ms_${mode}`]: run.p50_ms, [`e2e_p99_ms_${mode}`]: run.p99_ms })),
      once: { [`e2e_max_rate_${mode}`]: search.best?.rate ?? 0, [`e2e_max_rate_p99_ms_${mode}`]: search.best?.p99_ms ?? null },
      notes,
    };
  } finally {
    await probe.close();
  }
}

async function benchE2eEmbedded({ runs = 3, warmUpS = 5, durationS = 20, stepDurationS = 10, stepBudgetS = 240 } = {}) {
  const service = await startService();
  try {
    return await benchE2e(service, 'embedded', { runs, warmUpS, durationS, stepDurationS, stepBudgetS });
  } finally {
    await service.stop();
  }
}

module.exports = { benchE2e, benchE2eEmbedded };

if (require.main === module) runAlone(() => benchE2eEmbedded());
