// `npm run dev:distributed`: the services, then the four apps in the foreground, each its own
// process, output prefixed by app; Ctrl-C (SIGINT) or SIGTERM stops the four cleanly.
const { execFileSync, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const APPS = ['matcher', 'projector', 'notifier', 'api-gateway'];

function localSecret(file, make) {
  mkdirSync('.data', { recursive: true });
  const path = join('.data', file);
  if (!existsSync(path)) writeFileSync(path, `${make()}\n`, { mode: 0o600 });
  return readFileSync(path, 'utf8').trim();
}

execFileSync('npm', ['run', '--silent', 'services:up'], { stdio: 'inherit' });
execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });

const env = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:54329/postgres',
  REDIS_URL: 'redis://127.0.0.1:16379',
  KAFKA_BROKERS: '127.0.0.1:19092',
  ...process.env,
};
if (!env.ADMIN_TOKEN) {
  env.ADMIN_TOKEN = localSecret('distributed-admin-token', () => randomBytes(24).toString('base64url'));
  console.log(`Admin token (kept in .data/distributed-admin-token for development): ${env.ADMIN_TOKEN}`);
}
env.SECRETS_KEY ??= localSecret('distributed-secrets.key', () => randomBytes(32).toString('base64'));

const children = APPS.map((app) => {
  const child = spawn(process.execPath, [`dist/apps/${app}/src/main.js`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) console.log(`[${app}] ${line}`);
    });
  }
  return child;
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', (code) => resolve(code))))).then((codes) => {
  console.log(`stopped: ${APPS.map((app, i) => `${app} ${codes[i]}`).join(', ')}`);
  process.exit(codes.every((code) => code === 0) ? 0 : 1);
});
// One app dying on its own stops the others: a half-running system is worse than a clear stop.
for (const child of children) child.once('exit', () => stop());
