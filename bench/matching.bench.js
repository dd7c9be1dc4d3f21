// Time from an SMS ingest request to the matcher's recorded decision (the ingest response waits
// for it), p50/p99 over 1,000 matches, and matches per second with 20 ingests in flight.
const { pool, percentile, startService } = require('./service-process');

const MATCHES = Number(process.env.BENCH_MATCHES ?? 1000);
// 60 registrations and 120 ingests a minute per tenant: spread the load over enough tenants.
const TENANTS = Math.ceil((2 * MATCHES) / 50);

const body = (reference, amount) => `Rs ${amount}.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}`;

async function main() {
  const service = await startService(3902);
  try {
    const keys = await service.createTenants(TENANTS);
    const reference = (i) => String(700000000000 + i);
    await pool(MATCHES * 2, 20, async (i) => {
      await service.call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference(i), amount: 100 + (i % 50) }, { 'x-api-key': keys[i % TENANTS] });
    });

    const latencies = [];
    let verified = 0;
    for (let i = 0; i < MATCHES; i++) {
      const started = performance.now();
      const response = await service.call('POST', '/sms/ingest', { sender: '8558', body: body(reference(i), 100 + (i % 50)) }, { 'x-api-key': keys[i % TENANTS] });
      latencies.push(performance.now() - started);
      if (response.body.status === 'verified') verified++;
    }
    latencies.sort((a, b) => a - b);

    const started = performance.now();
    let concurrentVerified = 0;
    await pool(MATCHES, 20, async (j) => {
      const i = MATCHES + j;
      const response = await service.call('POST', '/sms/ingest', { sender: '8558', body: body(reference(i), 100 + (i % 50)) }, { 'x-api-key': keys[i % TENANTS] });
      if (response.body.status === 'verified') concurrentVerified++;
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({
      ingest_to_decision_p50_ms: Number(percentile(latencies, 50).toFixed(1)),
      ingest_to_decision_p99_ms: Number(percentile(latencies, 99).toFixed(1)),
      sequential_verified: verified,
      matches_per_s: Math.round(concurrentVerified / seconds),
      concurrent_verified: concurrentVerified,
    }, null, 2));
  } finally {
    await service.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
