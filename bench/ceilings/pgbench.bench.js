// Ceiling for the distributed figures: pgbench against the services' PostgreSQL, one INSERT of a
// ~300-byte JSONB row into a fresh table per transaction, 8 clients, 2 threads, durable commits
// (fsync must be on in the server; synchronous_commit is forced on for pgbench's sessions).
const { execFile } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { Client } = require('pg');
const { afterWarmUp, runAlone } = require('../method');
const { POSTGRES_URL } = require('../service-process');
const { ROW } = require('./row');

const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';

async function serverSettings(client) {
  const show = async (name) => (await client.query(`SHOW ${name}`)).rows[0][name];
  return { fsync: await show('fsync'), synchronous_commit: await show('synchronous_commit'), server_version: await show('server_version') };
}

async function benchPgCeiling({ runs = 3, warmUpS = 5, durationS = 10 } = {}) {
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const database = `pvs_ceiling_${randomBytes(4).toString('hex')}`;
  const scriptDir = mkdtempSync(join(tmpdir(), 'pvs-ceiling-pgbench-'));
  try {
    const settings = await serverSettings(admin);
    const notes = [`pgbench: server fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit} (forced on for pgbench's sessions)`];
    if (settings.fsync !== 'on') notes.push('pgbench: fsync is OFF on this server: commits are not durable and the ceiling is too high');
    await admin.query(`CREATE DATABASE ${database}`);
    const url = Object.assign(new URL(POSTGRES_URL), { pathname: `/${database}` });
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    await client.query('CREATE TABLE ceiling_rows (id bigserial PRIMARY KEY, body jsonb NOT NULL)');
    await client.end();
    const script = join(scriptDir, 'insert.sql');
    writeFileSync(script, `INSERT INTO ceiling_rows (body) VALUES ('${ROW}');\n`);

    const pgbench = async (seconds) => {
      const args = ['-n', '-M', 'prepared', '-c', '8', '-j', '2', '-T', String(seconds), '-f', script, '-h', url.hostname, '-p', url.port, '-U', url.username, database];
      const { stdout } = await promisify(execFile)(PGBENCH, args, { env: { ...process.env, PGOPTIONS: '-c synchronous_commit=on' } });
      const tps = /^tps = ([\d.]+) \(without initial connection time\)$/m.exec(stdout);
      if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
      return { ceiling_pg_insert_tps: Math.round(Number(tps[1])) };
    };
    return { runs: await afterWarmUp(runs, () => pgbench(warmUpS), () => pgbench(durationS)), notes, versions: { postgresql: settings.server_version } };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    rmSync(scriptDir, { recursive: true, force: true });
  }
}

module.exports = { benchPgCeiling };

if (require.main === module) runAlone(() => benchPgCeiling());
