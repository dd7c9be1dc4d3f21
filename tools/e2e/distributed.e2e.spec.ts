import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createTestDatabase, TestDatabase } from '@pvs/sql/testing';
import { describeWith, requireServiceAddress } from '@pvs/testing';
import { WebhookReceiver } from '@pvs/embedded/testing';
import { ServiceProcess, buildOnce, freePort, jsonClient } from './service-processes';

describeWith(['postgres', 'kafka', 'redis'], 'distributed mode: four processes on PostgreSQL, Kafka and Redis', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const processes: ServiceProcess[] = [];
  const gateways: string[] = [];
  const adminToken = randomBytes(24).toString('base64url');

  beforeAll(async () => {
    buildOnce();
    database = await createTestDatabase();
    receiver = await new WebhookReceiver().start();
    const env = {
      DATABASE_URL: database.url,
      KAFKA_BROKERS: requireServiceAddress('kafka'),
      REDIS_URL: requireServiceAddress('redis'),
      KAFKA_NAMESPACE: `e2e-${randomUUID()}.`,
      ADMIN_TOKEN: adminToken,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    };
    for (const app of ['matcher', 'projector', 'notifier'] as const) processes.push(new ServiceProcess(app, env));
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      processes.push(new ServiceProcess('api-gateway', { ...env, PORT: String(port) }));
      gateways.push(`http://127.0.0.1:${port}/api/v1`);
    }
    await Promise.all(processes.map((p) => p.waitForOutput(p.app === 'api-gateway' ? 'listening on' : 'running', 60_000)));
  }, 120_000);

  afterAll(async () => {
    const exits = await Promise.all(processes.map((p) => p.stop()));
    await receiver?.stop();
    await database?.drop();
    expect(exits).toEqual(processes.map(() => 0));
  }, 60_000);

  const call = (gateway: string, ...rest: Parameters<ReturnType<typeof jsonClient>>) => jsonClient(() => gateway)(...rest);

  it('reports PostgreSQL, Redis and Kafka healthy', async () => {
    const health = await call(gateways[0], 'GET', '/system/health');
    expect(health.status).toBe(200);
    expect(health.body.services).toEqual({ database: 'ok', cache: 'ok', queue: 'ok' });
  });

  it('verifies a payment end to end: register, ingest, webhook, status', async () => {
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Distributed Dhaba', webhook_url: receiver.url }, { authorization: `Bearer ${adminToken}` })).body.data;
    const key = { 'x-api-key': tenant.api_key };
    const reference = '918273645501';
    const registered = await call(gateways[1], 'POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount: 1250, client_metadata: { order_id: 'D-1' } }, key);
    expect(registered.status).toBe(200);
    const uuid = registered.body.data.uuid;

    const ingested = await call(gateways[0], 'POST', '/sms/ingest', {
      sender: '8558',
      body: `Rs 1,250.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}`,
    }, { 'x-gateway-secret': tenant.gateway_secret });
    expect(ingested.body).toEqual({ status: 'verified', transaction_uuid: uuid, reference, amount: 1250 });

    const [webhook] = await receiver.waitFor(1, 20_000);
    expect(JSON.parse(webhook.rawBody)).toMatchObject({ event: 'payment.verified', data: { uuid, status: 'verified', client_metadata: { order_id: 'D-1' } } });
    expect(webhook.headers['x-service-signature']).toBe(createHmac('sha256', tenant.webhook_secret).update(webhook.rawBody).digest('hex'));
    expect(() => new Webhook(tenant.webhook_secret).verify(webhook.rawBody, webhook.headers as Record<string, string>)).not.toThrow();

    for (let i = 0; i < 200; i++) {
      const status = await call(gateways[1], 'GET', `/payments/status/${uuid}`, undefined, key);
      if (status.body.data.status === 'verified') return expect(status.body.data).toMatchObject({ amount_detected: 1250 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the read model never showed the payment verified');
  });

  it('shares rate limits between gateway processes through Redis', async () => {
    const tenant = (await call(gateways[0], 'POST', '/admin/tenants', { name: 'Busy' }, { authorization: `Bearer ${adminToken}` })).body.data;
    const key = { 'x-api-key': tenant.api_key };
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(gateways[i % 2], 'POST', '/payments/verify', { gateway: 'bank', transaction_reference: `RL${i}`, amount: 1 }, key)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const gateway of gateways) {
      const limited = await call(gateway, 'POST', '/payments/verify', { gateway: 'bank', transaction_reference: `RL-${gateway}`, amount: 1 }, key);
      expect(limited.status).toBe(429);
    }
  });
});
