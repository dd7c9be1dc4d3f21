// Verify and status throughput of the embedded service (autocannon, 50 connections, 10 s each),
// against the built service in its own process, as `npm start` runs it.
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');

const PORT = 3901;
const BASE = `http://127.0.0.1:${PORT}/api/v1`;
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
// Verify is limited to 60/min per tenant, so load is spread over enough tenants to stay under it.
const TENANTS = Number(process.env.BENCH_TENANTS ?? 600);

async function json(method, path, body, headers = {}) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body && JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function waitForHealth() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${BASE}/system/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('service did not start');
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: DURATION_S, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function summary(name, result) {
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return { name, rps: Math.round(result.requests.average), p50_ms: result.latency.p50, p99_ms: result.latency.p99, requests: result.requests.total, non2xx };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pvs-bench-'));
  const service = spawn(process.execPath, ['dist/apps/embedded/src/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, ADMIN_TOKEN },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth();
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const keys = [];
    for (let i = 0; i < TENANTS; i++) keys.push((await json('POST', '/admin/tenants', { name: `bench ${i}` }, admin)).body.data.api_key);

    let n = 0;
    const verify = await run({
      url: `${BASE}/payments/verify`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            n++;
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-api-key': keys[n % keys.length] },
              body: JSON.stringify({ gateway: 'wallet_one', transaction_reference: `BENCH${n}`, amount: 1499.99 }),
            };
          },
        },
      ],
    });

    const payments = [];
    for (let i = 0; i < 200; i++) {
      const key = keys[i % keys.length];
      const created = await json('POST', '/payments/verify', { gateway: 'bank', transaction_reference: `STATUS${i}`, amount: 10 }, { 'x-api-key': key });
      payments.push({ key, uuid: created.body.data.uuid });
    }
    let m = 0;
    const status = await run({
      url: `${BASE}/payments/status/x`,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const { key, uuid } = payments[m++ % payments.length];
            return { ...request, path: `/api/v1/payments/status/${uuid}`, headers: { 'x-api-key': key } };
          },
        },
      ],
    });
    console.log(JSON.stringify([summary('verify_embedded', verify), summary('status_embedded', status)], null, 2));
  } finally {
    service.kill('SIGTERM');
    await new Promise((r) => service.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
