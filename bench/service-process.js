// Starts the built embedded service in its own process, as `npm start` runs it, for benchmarks.
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ADMIN_TOKEN = 'bench-admin-token-0123456789';

async function startService(port, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pvs-bench-'));
  const child = spawn(process.execPath, ['dist/apps/embedded/src/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_TOKEN, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  const call = async (method, path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/system/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error('service did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  return {
    base,
    pid: child.pid,
    call,
    createTenants: async (count) => {
      const keys = [];
      for (let i = 0; i < count; i++) keys.push((await call('POST', '/admin/tenants', { name: `bench ${i}` }, admin)).body.data.api_key);
      return keys;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `task(i)` for i < count with at most `concurrency` in flight. */
async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

module.exports = { startService, pool, percentile };
