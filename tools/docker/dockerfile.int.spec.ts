import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { waitUntil } from '@pvs/testing';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { dockerEngineAnswers } = require('../jest/service-origin.js') as { dockerEngineAnswers: () => Promise<boolean> };
const run = promisify(execFile);

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

  it('builds, and starts as the embedded service answering health, where a Docker engine answers', async () => {
    if (!(await dockerEngineAnswers())) {
      console.warn('Skipping the docker build: no Docker engine answers (DOCKER_HOST or /var/run/docker.sock).');
      return;
    }
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
});
