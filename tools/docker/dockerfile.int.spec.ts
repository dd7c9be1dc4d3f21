import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from '@pvs/testing';

const run = promisify(execFile);

/**
 * Jest decides what is skipped while it reads the suite, before anything can be awaited: the engine is asked
 * (by the test setup's own probe) in a child process waited for.
 */
function dockerEngineAnswersNow(): boolean {
  const probe = `require(${JSON.stringify(join(__dirname, '../jest/service-origin.js'))}).dockerEngineAnswers().then((answers) => process.exit(answers ? 0 : 1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 10_000 }).status === 0;
}

describe('the Docker image', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  const final = dockerfile.slice(dockerfile.lastIndexOf('FROM '));

  it('runs as the unprivileged node user, with its data in a volume that user owns and nobody else can read', () => {
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/DATA_DIR=\/var\/lib\/pvs/);
    expect(final).toMatch(/chown node:node \/var\/lib\/pvs && chmod 700 \/var\/lib\/pvs/);
    expect(final).toMatch(/^VOLUME \/var\/lib\/pvs$/m);
    expect(final.indexOf('chown node:node')).toBeLessThan(final.indexOf('USER node'));
  });
});

// No Docker engine can be installed on the CI machines either: like the KurrentDB suite, this one is skipped there,
// reported as skipped with its reason.
const built = (): void => {
  it('builds, and starts as the embedded service answering health', async () => {
    const tag = `pvs-test:${randomBytes(4).toString('hex')}`;
    await run('docker', ['build', '-t', tag, '.'], { maxBuffer: 64 * 1024 * 1024 });
    const { stdout } = await run('docker', [
      'run', '-d', '--rm', '-p', '127.0.0.1::3000',
      '-e', `SECRETS_KEY=${randomBytes(32).toString('base64')}`,
      '-e', `ADMIN_TOKEN=${randomBytes(32).toString('base64url')}`,
      tag,
    ]);
    const container = stdout.trim();
    try {
      const port = (await run('docker', ['port', container, '3000'])).stdout.trim().split(':').pop();
      await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/system/health`).catch(() => null))?.status === 200, 60_000);
    } finally {
      await run('docker', ['rm', '-f', container]).catch(() => undefined);
      await run('docker', ['rmi', '-f', tag]).catch(() => undefined);
    }
  }, 900_000);
};

if (dockerEngineAnswersNow()) {
  describe('the Docker image, built', built);
} else {
  console.warn('Skipping the Docker image build: no Docker engine answers (DOCKER_HOST or /var/run/docker.sock).');
  describe.skip('the Docker image, built (no Docker engine answers)', built);
}
