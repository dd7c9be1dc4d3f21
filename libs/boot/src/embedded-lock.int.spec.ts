import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '@pvs/sql/testing';
import { waitUntil } from '@pvs/testing';
import { lockDataDir } from './data-dir-lock';
import { DatabaseInUseError } from './embedded-lock';
import { EMBEDDED_LOCK_KEY, lockPostgresDatabase } from './postgres-database-lock';

/** Another process, alive until killed. */
async function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 60_000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  return {
    pid: child.pid ?? 0,
    async crash() {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const refusal = (taking: () => unknown) =>
  Promise.resolve()
    .then(taking)
    .then(
      () => 'taken',
      (error: unknown) => (error instanceof DatabaseInUseError ? error.message : error),
    );

describe('the lock file of embedded mode on PGlite', () => {
  let dataDir: string;
  let pglite: string;
  let lockFile: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pvs-lock-'));
    pglite = join(dataDir, 'pglite');
    lockFile = join(dataDir, 'pglite.lock');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const writtenBy = (pid: number) => JSON.stringify({ pid, host: 'elsewhere', since: '2025-01-01T00:00:00.000Z' });

  it('is taken once: a second taker is refused, naming the data and its holder, until the first releases it', async () => {
    const first = lockDataDir(pglite);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    expect(await refusal(() => lockDataDir(pglite))).toMatch(
      new RegExp(`^Invalid configuration: DATA_DIR holds the PGlite data ${pglite}, in use by another embedded service \\(pid ${process.pid} on ${hostname()}, since .+; lock file ${lockFile}\\): embedded mode must be the only process on its database, stop that one first$`),
    );
    await first.release();
    expect(existsSync(lockFile)).toBe(false);
    const second = lockDataDir(pglite);
    await first.release(); // a second release leaves the new holder's file alone
    expect(existsSync(lockFile)).toBe(true);
    await second.release();
  });

  it('refuses while the process named in the file lives, and takes it over once that process is gone', async () => {
    const other = await otherProcess();
    writeFileSync(lockFile, writtenBy(other.pid));
    expect(await refusal(() => lockDataDir(pglite))).toContain(`(pid ${other.pid} on elsewhere, since 2025-01-01T00:00:00.000Z; lock file ${lockFile})`);
    await other.crash();
    const lock = lockDataDir(pglite);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(readdirSync(dataDir)).toEqual(['pglite.lock']); // the stale file set aside is gone too
    await lock.release();
  });

  it('takes over a file naming this very process when this process does not hold it (a restarted container is pid 1 again)', async () => {
    writeFileSync(lockFile, writtenBy(process.pid));
    const lock = lockDataDir(pglite);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await lock.release();
  });

  it('refuses on a file it cannot read, saying to delete it if no service runs there', async () => {
    writeFileSync(lockFile, '');
    expect(await refusal(() => lockDataDir(pglite))).toContain(`(lock file ${lockFile}, unreadable: delete it if no service runs on this data)`);
    expect(readFileSync(lockFile, 'utf8')).toBe('');
  });
});

describeWithPostgres('the advisory lock of embedded mode on PostgreSQL', () => {
  let database: TestDatabase;
  let other: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    other = new Client({ connectionString: database.url, application_name: 'another service' });
    await other.connect();
  });
  afterEach(() => other.end().catch(() => undefined));
  afterAll(() => database.drop());

  const sessions = async () =>
    (
      await other.query<{ name: string; pid: number }>(
        `SELECT a.application_name AS name, a.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND (l.classid::bigint << 32 | l.objid::bigint) = $1::bigint`,
        [EMBEDDED_LOCK_KEY],
      )
    ).rows;
  const holders = async () => (await sessions()).map((session) => session.name);
  const name = () => new URL(database.url).pathname.slice(1);
  const server = () => `${new URL(database.url).hostname}:${new URL(database.url).port}`;

  it('is the fixed key derived from its name', () => {
    expect(EMBEDDED_LOCK_KEY).toBe('4064697200215090914');
  });

  it('is taken once, on a session named after its process: a second taker is refused naming the database and that process', async () => {
    const first = await lockPostgresDatabase(database.url);
    expect(await holders()).toEqual([`pvs-embedded pid ${process.pid} on ${hostname()}`]);
    expect(await refusal(() => lockPostgresDatabase(database.url))).toMatch(
      new RegExp(
        `^Invalid configuration: DATABASE_URL names the database ${name()} on ${server()}, in use by another embedded service \\(pvs-embedded pid ${process.pid} on ${hostname()}, PostgreSQL session \\d+(?: from \\S+)? since \\S+\\): embedded mode must be the only process on its database, stop that one first$`,
      ),
    );
    await first.release();
    expect(await holders()).toEqual([]);
    const second = await lockPostgresDatabase(database.url);
    await second.release();
  });

  it('refuses while another session holds it, and is taken once that session is gone (its process crashed)', async () => {
    await other.query('SELECT pg_advisory_lock($1::bigint)', [EMBEDDED_LOCK_KEY]);
    const [{ pid }] = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    expect(await refusal(() => lockPostgresDatabase(database.url))).toContain(`(another service, PostgreSQL session ${pid} `);
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    other.on('error', () => undefined);
    // Waits (up to 5 s) until the session is gone: its locks go with it, not when the signal is sent.
    await admin.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
    await admin.end();
    const lock = await lockPostgresDatabase(database.url);
    await lock.release();
  });

  it('takes the lock again when its session is cut, unless another process took it meanwhile', async () => {
    const lock = await lockPostgresDatabase(database.url);
    const ours = `pvs-embedded pid ${process.pid} on ${hostname()}`;
    const cut = async () => {
      const [held] = await sessions();
      await other.query('SELECT pg_terminate_backend($1)', [held.pid]);
      return held.pid;
    };
    try {
      const before = await cut();
      await waitUntil(async () => (await sessions()).some((session) => session.pid !== before), 10_000);
      expect(await holders()).toEqual([ours]);
      await cut();
      await other.query('SELECT pg_advisory_lock($1::bigint)', [EMBEDDED_LOCK_KEY]);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await holders()).toEqual(['another service']);
    } finally {
      await lock.release();
    }
    await other.query('SELECT pg_advisory_unlock($1::bigint)', [EMBEDDED_LOCK_KEY]);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await holders()).toEqual([]);
  });
});
