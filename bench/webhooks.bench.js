// Webhooks: p50/p99 from the decision (the body's created_at) to the first delivery attempt at a
// local receiver, over `payments` payments; then webhooks per second, redelivering all of them at
// once. Each run on a fresh embedded service (so its dead letters are its own), after a warm-up batch.
const { percentile, pool, runAlone, sleep } = require('./method');
const { startReceiver, startService } = require('./service-process');

// 60 registrations and 120 ingests a minute per tenant, over three batches.
const PAYMENTS_PER_TENANT = 50;
const WEBHOOK_ENDPOINTS = 16;
const WAIT_LIMIT_MS = 120_000;

async function waitUntil(what, done) {
  const deadline = performance.now() + WAIT_LIMIT_MS;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`webhooks bench: gave up waiting for ${what}`);
    await sleep(20);
  }
}

async function webhooksOnce(payments) {
  let accept = true;
  let delivered = 0;
  const firstArrival = new Map();
  const receiver = await startReceiver((body) => {
    if (!firstArrival.has(body.id)) firstArrival.set(body.id, Date.now() - Date.parse(body.created_at));
    if (accept) delivered++;
    return accept ? 200 : 500;
  }, WEBHOOK_ENDPOINTS);
  // One attempt only, so the last phase can dead-letter everything and redeliver it at once.
  const service = await startService({ WEBHOOK_RETRY_SCHEDULE: '0' });
  try {
    const warmUp = Math.ceil(payments / 10);
    const tenants = await service.createTenants(Math.max(WEBHOOK_ENDPOINTS, Math.ceil((warmUp + 2 * payments) / PAYMENTS_PER_TENANT)), receiver.urls);
    let nextReference = 800_000_000_000;
    const pay = (count, concurrency) =>
      pool(count, concurrency, async (i) => {
        const key = { 'x-api-key': tenants[i % tenants.length].api_key };
        const reference = String(nextReference++);
        await service.call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 10 }, key);
        await service.call('POST', '/sms/ingest', { sender: '8558', body: `Rs 10.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` }, key);
      });

    await pay(warmUp, 1);
    await waitUntil('the warm-up webhooks', () => delivered >= warmUp);
    firstArrival.clear();
    delivered = 0;

    // One payment at a time: latency at a rate the service sustains, not a backlog under saturation.
    await pay(payments, 1);
    await waitUntil('the webhooks', () => delivered >= payments);
    const latencies = [...firstArrival.values()].sort((a, b) => a - b);

    accept = false;
    await pay(payments, 10);
    const dead = async () => (await service.call('GET', '/admin/webhooks/deliveries?status=dead&limit=1000', undefined, service.adminHeaders)).body.data.length;
    await waitUntil('the dead letters', async () => (await dead()) >= Math.min(payments, 1000));
    accept = true;
    delivered = 0;
    const started = performance.now();
    for (const tenant of tenants) await service.call('POST', '/admin/webhooks/redeliver', { tenant_id: tenant.id }, service.adminHeaders);
    await waitUntil('the redelivered webhooks', () => delivered >= payments);
    const seconds = (performance.now() - started) / 1000;
    return {
      webhooks_per_s: Math.round(payments / seconds),
      decision_to_webhook_p50_ms: percentile(latencies, 50),
      decision_to_webhook_p99_ms: percentile(latencies, 99),
    };
  } finally {
    await service.stop();
    await receiver.close();
  }
}

async function benchWebhooks({ runs = 3, payments = Number(process.env.BENCH_WEBHOOKS ?? 1000) } = {}) {
  const figures = [];
  for (let run = 0; run < runs; run++) figures.push(await webhooksOnce(payments));
  return { runs: figures };
}

module.exports = { benchWebhooks };

if (require.main === module) runAlone(() => benchWebhooks());
