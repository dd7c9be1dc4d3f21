import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, TestDatabase } from '@pvs/sql/testing';
import { describeWith, sleep } from '@pvs/testing';
import { ServiceProcess, distributedEnv, buildOnce, freePort, jsonClient } from './service-processes';

// A Redis of its own, so stopping it cannot disturb the other suites.
const REDIS_PORT = 26379;
const redis = (action: 'up' | 'down') =>
  execFileSync('bash', ['scripts/services/redis.sh', action], { env: { ...process.env, REDIS_PORT: String(REDIS_PORT) }, stdio: 'ignore' });

describeWith(['postgres', 'redis', 'kafka'], 'distributed gateway while Redis is down', () => {
  let database: TestDatabase;
  let gateway: ServiceProcess;
  let base: string;
  const adminToken = randomBytes(24).toString('base64url');

  beforeAll(async () => {
    buildOnce();
    redis('up');
    database = await createTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api/v1`;
    gateway = new ServiceProcess('api-gateway', distributedEnv(database.url, adminToken, { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, PORT: String(port) }));
    await gateway.waitForOutput('listening on', 60_000);
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await database?.drop();
    redis('down'); // this suite's own Redis, not the shared one
  }, 60_000);

  const call = jsonClient(() => base);

  it('answers 503 naming the cache, keeps limiting on its own counts, and recovers', async () => {
    const admin = { authorization: `Bearer ${adminToken}` };
    const tenant = (await call('POST', '/admin/tenants', { name: 'Outage' }, admin)).body.data;
    const key = { 'x-api-key': tenant.api_key };
    expect((await call('GET', '/system/health')).status).toBe(200);

    redis('down');
    const down = await call('GET', '/system/health');
    expect(down.status).toBe(503);
    expect(down.body.services).toEqual({ database: 'ok', cache: 'down', queue: 'ok' });
    // The limits hold on the gateway's own counts while the shared ones are away: payments go on, guessing does not.
    const answers = await Promise.all(Array.from({ length: 61 }, (_, i) => call('POST', '/payments/verify', { gateway: 'bank', transaction_reference: `OUT${i}`, amount: 5 }, key)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);

    redis('up');
    for (let i = 0; i < 50 && (await call('GET', '/system/health')).status !== 200; i++) await sleep(200);
    expect((await call('GET', '/system/health')).status).toBe(200);
    const other = (await call('POST', '/admin/tenants', { name: 'After the outage' }, admin)).body.data;
    const limited = await Promise.all(Array.from({ length: 61 }, (_, i) => call('POST', '/payments/verify', { gateway: 'bank', transaction_reference: `BACK${i}`, amount: 5 }, { 'x-api-key': other.api_key })));
    expect(limited.filter((a) => a.status === 429)).toHaveLength(1);
  }, 120_000);
});
