// `npm run bench -- --soak`: memory under a steady load, in both modes. For SOAK_MINUTES (60), 20 payments a
// second: each registered, its SMS ingested a second later, its status read three times; every process's RSS
// sampled every 10 s. Flat means the mean RSS of the last 5 minutes is within 5% of the mean of the 5 minutes
// from the half-way mark (a quarter of the run each, for a shorter one). Not part of the default run; writes bench/soak-results.json.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { sleep } = require('./method');
const { startDistributed, startReceiver, startService } = require('./service-process');

const RATE = 20;
const TENANTS = 40; // under each tenant's 60 registrations a minute
const SAMPLE_MS = 10_000;
/** The windows compared: 5 minutes each, or a quarter of a shorter run. */
const WINDOW_MS = 5 * 60_000;
const WEBHOOK_ENDPOINTS = 8;

const rssMb = (pid) => Math.round(Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 102.4) / 10;
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function soak(service, minutes) {
  const receiver = await startReceiver(() => 200, WEBHOOK_ENDPOINTS);
  const tenants = await service.createTenants(TENANTS, receiver.urls);
  const durationMs = minutes * 60_000;
  const samples = [];
  const counts = { payments: 0, verified: 0, errors: 0 };
  const errorsBy = {};
  let reference = 930_000_000_000;
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ atMs: Date.now() - started, rss: Object.fromEntries(service.processes.map(({ name, child }, i) => [`${name}${service.processes.filter((p) => p.name === name).length > 1 ? i : ''}`, rssMb(child.pid)])) }), SAMPLE_MS);
  const payment = async (i) => {
    const key = { 'x-api-key': tenants[i % TENANTS].api_key };
    const ref = String(reference++);
    try {
      const registered = await service.call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: ref, amount: 75 }, key);
      if (registered.status !== 200) throw new Error(`register ${registered.status} ${registered.body?.message ?? ''}`);
      await sleep(1_000);
      const ingested = await service.call('POST', '/sms/ingest', { sender: '8558', body: `Rs 75.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${ref}` }, key);
      if (ingested.status !== 200) throw new Error(`ingest ${ingested.status} ${ingested.body?.message ?? ''}`);
      for (let read = 0; read < 3; read++) {
        const status = await service.call('GET', `/payments/status/${registered.body.data.uuid}`, undefined, key);
        if (status.status !== 200) throw new Error(`status ${status.status} ${status.body?.message ?? ''}`);
        if (read === 2 && status.body.data.status === 'verified') counts.verified++;
        await sleep(500);
      }
    } catch (error) {
      counts.errors++;
      errorsBy[error.message] = (errorsBy[error.message] ?? 0) + 1;
    }
  };
  const inFlight = [];
  for (let i = 0; Date.now() - started < durationMs; i++) {
    await sleep(Math.max(0, started + (i * 1000) / RATE - Date.now()));
    counts.payments++;
    inFlight.push(payment(i));
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  await receiver.close();
  const half = durationMs / 2;
  const window = Math.min(WINDOW_MS, durationMs / 4);
  const around = (fromMs, toMs, name) => mean(samples.filter((s) => s.atMs >= fromMs && s.atMs < toMs).map((s) => s.rss[name]));
  const growth = Object.fromEntries(Object.keys(samples.at(-1).rss).map((name) => {
    const atHalf = around(half, half + window, name);
    const atEnd = around(durationMs - window, durationMs + SAMPLE_MS, name);
    return [name, { rss_mb_half: Math.round(atHalf), rss_mb_end: Math.round(atEnd), growth_pct: Math.round(((atEnd - atHalf) / atHalf) * 1000) / 10 }];
  }));
  return { minutes, ...counts, errorsBy, growth, samples };
}

const STARTS = { embedded: () => startService(), distributed: () => startDistributed() };

/** SOAK_MODES=embedded (or distributed) soaks one mode; its figures replace that mode's in soak-results.json. */
async function benchSoak({ minutes = Number(process.env.SOAK_MINUTES ?? 60), modes = (process.env.SOAK_MODES ?? 'embedded,distributed').split(',') } = {}) {
  const results = {};
  for (const mode of modes) {
    const service = await STARTS[mode]();
    try {
      results[mode] = await soak(service, minutes);
    } finally {
      await service.stop();
    }
    process.stderr.write(`[soak] ${mode}: ${JSON.stringify({ ...results[mode], samples: undefined })}\n`);
  }
  const file = join(__dirname, 'soak-results.json');
  const earlier = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  writeFileSync(file, `${JSON.stringify({ ...earlier, ...results }, null, 2)}\n`);
  return results;
}

module.exports = { benchSoak };
