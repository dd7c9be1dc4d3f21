// Distributed mode: four processes on the local PostgreSQL, Kafka and Redis (`npm run services:up`).
// At a steady 50 SMS ingests/s, the time from sending the ingest request to the webhook arriving at a
// local receiver, p50/p99 over 1,000 payments.
const { spawn } = require('node:child_process');
const { createServer } = require('node:http');
const { randomBytes, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { percentile } = require('./service-process');

const PAYMENTS = Number(process.env.BENCH_E2E_PAYMENTS ?? 1000);
const RATE = Number(process.env.BENCH_E2E_RATE ?? 50);
const TENANTS = Math.ceil(PAYMENTS / 50);
const SERVER = 'postgres://postgres@127.0.0.1:54329/postgres';

async function main() {
  const database = `pvs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const arrivals = new Map();
  const receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (!arrivals.has(body.data.uuid)) arrivals.set(body.data.uuid, performance.now());
      response.writeHead(200).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = 3904;
  const env = {
    ...process.env,
    DATABASE_URL: Object.assign(new URL(SERVER), { pathname: `/${database}` }).toString(),
    KAFKA_BROKERS: '127.0.0.1:19092',
    REDIS_URL: 'redis://127.0.0.1:16379',
    KAFKA_NAMESPACE: `bench-${randomUUID()}.`,
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    PORT: String(port),
  };
  const children = ['matcher', 'projector', 'notifier', 'api-gateway'].map((app) =>
    spawn(process.execPath, [`dist/apps/${app}/src/main.js`], { env, stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  const base = `http://127.0.0.1:${port}/api/v1`;
  const call = async (method, path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body && JSON.stringify(body) });
    return response.json();
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/system/health`)).ok) break;
      } catch {}
      if (i > 300) throw new Error('gateway did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = `http://127.0.0.1:${receiver.address().port}/hook`;
    const keys = [];
    for (let i = 0; i < TENANTS; i++) keys.push((await call('POST', '/admin/tenants', { name: `e2e ${i}`, webhook_url: url }, { authorization: `Bearer ${env.ADMIN_TOKEN}` })).data.api_key);
    const payments = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const reference = String(930000000000 + i);
      const registered = await call('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 75 }, { 'x-api-key': keys[i % TENANTS] });
      payments.push({ uuid: registered.data.uuid, reference, key: keys[i % TENANTS] });
    }
    const sentAt = new Map();
    const started = performance.now();
    await Promise.all(
      payments.map(async (payment, i) => {
        const due = started + (i * 1000) / RATE;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        sentAt.set(payment.uuid, performance.now());
        await call('POST', '/sms/ingest', { sender: '8558', body: `Rs 75.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${payment.reference}` }, { 'x-api-key': payment.key });
      }),
    );
    while (arrivals.size < PAYMENTS) await new Promise((r) => setTimeout(r, 50));
    const latencies = payments.map((p) => arrivals.get(p.uuid) - sentAt.get(p.uuid)).sort((a, b) => a - b);
    console.log(JSON.stringify({ e2e_rate_per_s: RATE, e2e_p50_ms_distributed: Math.round(percentile(latencies, 50)), e2e_p99_ms_distributed: Math.round(percentile(latencies, 99)) }, null, 2));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()))));
    receiver.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
