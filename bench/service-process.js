// Starts the built service for benchmarks: embedded in one process as `npm start` runs it, or
// distributed as four processes on the local PostgreSQL, Kafka and Redis (`npm run services:up`).
const { spawn } = require('node:child_process');
const { randomBytes, randomUUID } = require('node:crypto');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { createServer } = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { pool, sleep } = require('./method');

const ADMIN_TOKEN = 'bench-admin-token-Q7x2Lm9Rv4Tz8Kc1Wn6Hp3';
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** The benchmarks measure throughput, not the operators' rate limit: they create tenants and read the log in bulk. */
const ADMIN_RATE_LIMIT = '1000000';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
const DISTRIBUTED_APPS = ['matcher', 'projector', 'notifier', 'api-gateway'];

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The peak resident set of a live process (VmHWM), in MB. */
function peakRssMb(pid) {
  const kilobytes = Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return Math.round(kilobytes / 102.4) / 10;
}

/** BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles": node options for the service's processes (profiling). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The node options `npm start` gives the embedded service, read from package.json so the two never differ. */
const EMBEDDED_NODE_ARGS = /node ((?:--\S+ )*)dist\/apps\/embedded\/src\/main\.js/
  .exec(JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).scripts.start)[1]
  .split(' ')
  .filter(Boolean);

function spawnApp(name, entry, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, ...NODE_ARGS, entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return { name, child };
}

/** Waits for the gateway to answer, then gives the calls benchmarks make against any mode. */
async function connect(port, processes, cleanUp) {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const call = async (method, path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const stop = async () => {
    for (const { child } of processes) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(processes.map(({ child }) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()))));
    await cleanUp();
  };
  for (let attempt = 0; ; attempt++) {
    const exited = processes.find(({ child }) => child.exitCode !== null);
    if (exited || attempt > 600) {
      await stop();
      throw new Error(exited ? `${exited.name} exited with ${exited.child.exitCode}` : 'the service did not start');
    }
    try {
      if ((await fetch(`${base}/system/health`)).ok) break;
    } catch {}
    await sleep(100);
  }
  return {
    base,
    port,
    call,
    adminHeaders: ADMIN,
    /** The service's processes: `{ name, child }`. */
    processes,
    /** The peak RSS of each process so far, in MB, by app. */
    peakRssMb: () => Object.fromEntries(processes.map(({ name, child }) => [name, peakRssMb(child.pid)])),
    /** New tenants (with their `api_key`); with `webhookUrls`, tenant i gets the i-th URL, round-robin. */
    createTenants: async (count, webhookUrls = []) => {
      const tenants = [];
      await pool(count, 4, async (i) => {
        const webhookUrl = webhookUrls[i % webhookUrls.length];
        const created = await call('POST', '/admin/tenants', { name: `bench ${randomUUID()}`, ...(webhookUrl && { webhook_url: webhookUrl }) }, ADMIN);
        if (created.status !== 201) throw new Error(`tenant not created: ${created.status} ${JSON.stringify(created.body)}`);
        tenants[i] = created.body.data;
      });
      return tenants;
    },
    /** Polls each payment (`{uuid, key}`) until its status reads back: the projection may lag. */
    untilReadable: (payments) =>
      pool(payments.length, 4, async (i) => {
        const { uuid, key } = payments[i];
        for (let attempt = 0; (await call('GET', `/payments/status/${uuid}`, undefined, { 'x-api-key': key })).status !== 200; attempt++) {
          if (attempt > 300) throw new Error(`payment ${uuid} never became readable`);
          await sleep(100);
        }
      }),
    stop,
  };
}

/** The embedded service in its own process, on PGlite in a fresh data folder. */
async function startService(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pvs-bench-'));
  const port = await freePort();
  const processes = [spawnApp('embedded', 'dist/apps/embedded/src/main.js', { PORT: String(port), DATA_DIR: dataDir, ADMIN_TOKEN, ADMIN_RATE_LIMIT, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', ...env }, EMBEDDED_NODE_ARGS)];
  return connect(port, processes, async () => rmSync(dataDir, { recursive: true, force: true }));
}

/** The four apps of the distributed mode on a fresh database and Kafka topic namespace; `matchers` matcher processes. */
async function startDistributed(env = {}, { matchers = 1 } = {}) {
  const database = `pvs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const port = await freePort();
  const appEnv = {
    DATABASE_URL: Object.assign(new URL(POSTGRES_URL), { pathname: `/${database}` }).toString(),
    KAFKA_BROKERS: process.env.TEST_KAFKA_URL ?? '127.0.0.1:19092',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:16379',
    KAFKA_NAMESPACE: `bench-${randomUUID()}.`,
    ADMIN_TOKEN,
    ADMIN_RATE_LIMIT,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    PORT: String(port),
    ...env,
  };
  const apps = [...DISTRIBUTED_APPS, ...Array.from({ length: matchers - 1 }, () => 'matcher')];
  const processes = apps.map((app) => spawnApp(app, `dist/apps/${app}/src/main.js`, appEnv));
  return connect(port, processes, async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });
}

/**
 * Merchants' webhook endpoints on 127.0.0.1, one port each (so each its own origin: the notifier
 * limits deliveries in flight per origin, as it would for distinct merchants). `onWebhook(body)`
 * gives the status to answer (200 by default).
 */
async function startReceiver(onWebhook, endpoints = 1) {
  const servers = await Promise.all(Array.from({ length: endpoints }, async () => {
    const server = createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const status = onWebhook(JSON.parse(Buffer.concat(chunks).toString('utf8'))) ?? 200;
        response.writeHead(status).end();
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }));
  return {
    urls: servers.map((server) => `http://127.0.0.1:${server.address().port}/hook`),
    close: () => Promise.all(servers.map((server) => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }))),
  };
}

module.exports = { startService, startDistributed, startReceiver, freePort, peakRssMb, POSTGRES_URL };
