import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '@pvs/testing';
import { buildOnce, freePort } from './service-processes';

/** `npm start` without the build: the embedded service in a process of its own. */
class EmbeddedProcess {
  private readonly child: ChildProcess;
  private readonly exit: Promise<number | null>;
  output = '';

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['dist/apps/embedded/src/main.js'], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [this.child.stdout, this.child.stderr]) stream?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exit = once(this.child, 'exit').then(() => this.child.exitCode);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  async listening(): Promise<void> {
    await waitUntil(() => this.output.includes('Listening on') || this.child.exitCode !== null, 60_000);
    if (!this.output.includes('Listening on')) throw new Error(`the embedded service exited ${this.child.exitCode}: ${this.output}`);
  }

  /** Its exit code, once it has exited (a process killed by a signal has none). */
  exited(): Promise<number | null> {
    return this.exit;
  }

  /** SIGTERM, or SIGKILL for a crash. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null> {
    this.child.kill(signal);
    return this.exit;
  }
}

/** Whatever the database, a second process is refused and exits non-zero; a crash of the holder frees it. */
function oneProcessPerDatabase(databaseEnv: () => Promise<{ env: Record<string, string>; holder: (pid: number) => string; done(): Promise<void> }>) {
  it('refuses a second process on the database, which exits 1 naming its holder; after the holder crashes a new one starts, and stops cleanly', async () => {
    const database = await databaseEnv();
    const env = { ...database.env, HOST: '127.0.0.1', PORT: String(await freePort()), ADMIN_TOKEN: randomBytes(24).toString('base64url'), SECRETS_KEY: randomBytes(32).toString('base64') };
    const first = new EmbeddedProcess(env);
    try {
      await first.listening();
      const second = new EmbeddedProcess(env);
      expect(await second.exited()).toBe(1);
      expect(second.output).toContain(`in use by another embedded service (${database.holder(first.pid ?? 0)}`);
      expect(second.output).toContain('embedded mode must be the only process on its database, stop that one first');

      expect(await first.stop('SIGKILL')).toBeNull();
      const third = new EmbeddedProcess(env);
      await third.listening();
      expect(await third.stop('SIGTERM')).toBe(0);
    } finally {
      await first.stop('SIGKILL');
      await database.done();
    }
  }, 180_000);
}

// On PGlite, where a crash leaves the lock file behind: the PostgreSQL lock, which dies with its session, is
// checked in process (apps/embedded/src/embedded-lock.e2e.spec.ts, libs/runtime/src/boot/embedded-lock.int.spec.ts).
describe('embedded mode in processes of its own', () => {
  beforeAll(() => buildOnce(), 300_000);

  describe('on PGlite in DATA_DIR', () => {
    oneProcessPerDatabase(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pvs-lock-e2e-'));
      return {
        env: { DATA_DIR: dataDir },
        holder: (pid) => `pid ${pid} on ${hostname()}`,
        async done() {
          // Stopped cleanly, the last one took its lock file away.
          expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    });
  });
});
