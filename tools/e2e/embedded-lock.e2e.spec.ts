import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceProcess, buildOnce, freePort } from './service-processes';

/** Whatever the database, a second process is refused and exits non-zero; a crash of the holder frees it. */
function oneProcessPerDatabase(databaseEnv: () => Promise<{ env: Record<string, string>; holder: (pid: number) => string; done(): Promise<void> }>) {
  it('refuses a second process on the database, which exits 1 naming its holder; after the holder crashes a new one starts, and stops cleanly', async () => {
    const database = await databaseEnv();
    const env = { ...database.env, HOST: '127.0.0.1', PORT: String(await freePort()), ADMIN_TOKEN: randomBytes(24).toString('base64url'), SECRETS_KEY: randomBytes(32).toString('base64') };
    const first = new ServiceProcess('embedded', env);
    try {
      await first.waitForOutput('Listening on', 60_000);
      const second = new ServiceProcess('embedded', env);
      expect(await second.exited()).toBe(1);
      expect(second.output).toContain(`in use by another embedded service (${database.holder(first.pid ?? 0)}`);
      expect(second.output).toContain('embedded mode must be the only process on its database, stop that one first');

      expect(await first.stop(true)).toBeNull();
      const third = new ServiceProcess('embedded', env);
      await third.waitForOutput('Listening on', 60_000);
      expect(await third.stop()).toBe(0);
    } finally {
      await first.stop(true);
      await database.done();
    }
  }, 180_000);
}

// On PGlite, where a crash leaves the lock file behind: the PostgreSQL lock, which dies with its session, is
// checked in process (apps/embedded/src/embedded-lock.e2e.spec.ts, libs/boot/src/embedded-lock.int.spec.ts).
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
