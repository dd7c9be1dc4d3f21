// Webhooks: p50/p99 from the decision (the body's created_at) to the first delivery attempt at a
// local receiver, over 1,000 payments; then webhooks per second, redelivering all of them at once.
const { createServer } = require('node:http');
const { pool, percentile, startService } = require('./service-process');

const PAYMENTS = Number(process.env.BENCH_WEBHOOKS ?? 1000);
// 60 registrations and 120 ingests a minute per tenant, over two batches.
const TENANTS = Math.ceil((2 * PAYMENTS) / 50);

async function main() {
  let accept = true;
  const firstArrival = new Map();
  let delivered = 0;
  const receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (!firstArrival.has(body.id)) firstArrival.set(body.id, Date.now() - Date.parse(body.created_at));
      if (accept) delivered++;
      response.writeHead(accept ? 200 : 500).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${receiver.address().port}/hook`;
  // One attempt only, so the second phase can dead-letter everything and redeliver it at once.
  const service = await startService(3903, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE: '0' });
  try {
    const admin = { authorization: 'Bearer bench-admin-token-0123456789' };
    const tenants = [];
    for (let i = 0; i < TENANTS; i++) {
      tenants.push((await service.call('POST', '/admin/tenants', { name: `hooks ${i}`, webhook_url: url }, admin)).body.data);
    }
    // One payment at a time: latency at a rate the service sustains, not a backlog under saturation.
    const payAll = (offset, concurrency) =>
      pool(PAYMENTS, concurrency, async (i) => {
        const key = { 'x-api-key': tenants[i % TENANTS].api_key };
        const reference = String(800000000000 + offset + i);
        await service.call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 10 }, key);
        await service.call('POST', '/sms/ingest', { sender: '8558', body: `Rs 10.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` }, key);
      });
    const waitUntil = async (done) => {
      while (!(await done())) await new Promise((r) => setTimeout(r, 20));
    };

    await payAll(0, 1);
    await waitUntil(() => delivered >= PAYMENTS);
    const latencies = [...firstArrival.values()].sort((a, b) => a - b);

    // A second batch fails its only attempt and dies; then all of it is redelivered at once.
    accept = false;
    await payAll(PAYMENTS, 10);
    const dead = async () => (await service.call('GET', '/admin/webhooks/deliveries?status=dead&limit=1000', undefined, admin)).body.data.length;
    await waitUntil(async () => (await dead()) >= PAYMENTS);
    accept = true;
    delivered = 0;
    const started = performance.now();
    for (const tenant of tenants) await service.call('POST', '/admin/webhooks/redeliver', { tenant_id: tenant.id }, admin);
    await waitUntil(() => delivered >= PAYMENTS);
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({
      decision_to_first_attempt_p50_ms: percentile(latencies, 50),
      decision_to_first_attempt_p99_ms: percentile(latencies, 99),
      webhooks_per_s: Math.round(PAYMENTS / seconds),
    }, null, 2));
  } finally {
    await service.stop();
    receiver.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
