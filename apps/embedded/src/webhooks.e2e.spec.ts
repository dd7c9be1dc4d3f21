import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { jazzCashCredit, randomTransactionId, sleep } from '@pvs/testing';
import { TestService, TestTenant, WebhookReceiver, startTestService } from './testing';

async function pay(service: TestService, tenant: TestTenant, options: { amount?: number; paid?: string; callbackUrl?: string; metadata?: object } = {}) {
  const reference = randomTransactionId();
  const registered = await service.request('POST', '/payments/verify', {
    body: {
      gateway: 'wallet_one',
      transaction_reference: reference,
      amount: options.amount ?? 100,
      ...(options.callbackUrl && { callback_url: options.callbackUrl }),
      ...(options.metadata && { client_metadata: options.metadata }),
    },
    headers: { 'x-api-key': tenant.apiKey },
  });
  await service.request('POST', '/sms/ingest', {
    body: { sender: '8558', body: jazzCashCredit({ reference, amount: options.paid ?? options.amount ?? 100 }) },
    headers: { 'x-api-key': tenant.apiKey },
  });
  return { uuid: registered.body.data.uuid as string, reference };
}

describe('webhooks over real HTTP (embedded)', () => {
  let service: TestService;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    service = await startTestService({ webhookRetryScheduleSeconds: [0, 1, 1, 1], webhookTimeoutMs: 500 });
  });

  afterAll(() => service.close());

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });

  afterEach(() => receiver.stop());

  const deliveries = async (query: string) => (await service.admin('GET', `/admin/webhooks/deliveries?${query}`)).body.data;
  const eventuallyDelivery = async (paymentId: string, done: (d: { status: string }) => boolean) => {
    for (let i = 0; i < 300; i++) {
      const [delivery] = await deliveries(`transaction_uuid=${paymentId}`);
      if (delivery && done(delivery)) return delivery;
      await sleep(20);
    }
    throw new Error(`delivery for ${paymentId} never reached the expected state: ${JSON.stringify(await deliveries(`transaction_uuid=${paymentId}`))}`);
  };

  it('sends the decision to callback_url, signed both ways over the exact raw body', async () => {
    const shop = await service.createTenant();
    const metadata = { order_id: 'A-17', نام: 'دکان', nested: { qty: 2, note: null } };
    const { uuid, reference } = await pay(service, shop, { amount: 2350.5, paid: '2,350.50', callbackUrl: receiver.url, metadata });
    const [webhook] = await receiver.waitFor(1);

    const body = JSON.parse(webhook.rawBody);
    expect(body).toEqual({
      event: 'payment.verified',
      id: webhook.headers['webhook-id'],
      created_at: expect.stringMatching(/Z$/),
      data: {
        uuid,
        status: 'verified',
        gateway: 'wallet_one',
        transaction_reference: reference,
        amount_expected: 2350.5,
        amount_detected: 2350.5,
        verified_at: expect.stringMatching(/Z$/),
        client_metadata: metadata,
      },
    });
    expect(webhook.headers['webhook-id']).not.toContain('.');
    expect(webhook.headers['x-service-signature']).toBe(createHmac('sha256', shop.webhookSecret).update(webhook.rawBody).digest('hex'));
    expect(new Webhook(shop.webhookSecret).verify(webhook.rawBody, webhook.headers as Record<string, string>)).toEqual(body);
    expect(() => new Webhook(shop.webhookSecret).verify(webhook.rawBody.replace('2350.5', '2350.6'), webhook.headers as Record<string, string>)).toThrow();
    await sleep(300);
    expect(receiver.received).toHaveLength(1);
  });

  it("falls back to the tenant's webhook_url, says manual_review, and records undeliverable when there is no URL", async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    const { uuid } = await pay(service, shop, { amount: 500, paid: '450.00' });
    const [webhook] = await receiver.waitFor(1);
    expect(JSON.parse(webhook.rawBody)).toMatchObject({ event: 'payment.manual_review', data: { uuid, status: 'manual_review', amount_detected: 450, verified_at: null } });

    const nowhere = await service.createTenant();
    const lost = await pay(service, nowhere);
    const delivery = await eventuallyDelivery(lost.uuid, (d) => d.status === 'undeliverable');
    expect(delivery).toMatchObject({ url: null, last_error: 'no callback_url on the payment and no webhook_url on the tenant', attempts: 0 });

    await service.admin('PATCH', `/admin/tenants/${nowhere.id}`, { webhook_url: receiver.url });
    const redelivery = await service.admin('POST', '/admin/webhooks/redeliver', { tenant_id: nowhere.id });
    expect([redelivery.status, redelivery.body.data]).toEqual([202, { redelivered: 1 }]);
    await receiver.waitFor(2);
    expect(JSON.parse(receiver.received[1].rawBody).data.uuid).toBe(lost.uuid);
  });

  it('retries a 500 and a timeout with the same id, re-signed per attempt, honouring Retry-After', async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    receiver.answerWith({ status: 500 }, 'hang', { status: 503, headers: { 'retry-after': '2' } });
    const { uuid } = await pay(service, shop);
    const attempts = await receiver.waitFor(4, 15_000);
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.rawBody)).size).toBe(1);
    expect(attempts[3].receivedAt - attempts[2].receivedAt).toBeGreaterThanOrEqual(1_900);
    for (const attempt of attempts) expect(() => new Webhook(shop.webhookSecret).verify(attempt.rawBody, attempt.headers as Record<string, string>)).not.toThrow();

    const delivery = await eventuallyDelivery(uuid, (d) => d.status === 'succeeded');
    const log = (await service.admin('GET', `/admin/webhooks/deliveries/${delivery.id}`)).body.data.attempts_log;
    expect(log.map((a: { outcome: string; status_code: number | null }) => [a.outcome, a.status_code])).toEqual([
      ['failed', 500],
      ['failed', null],
      ['failed', 503],
      ['succeeded', 200],
    ]);
    expect(log[1].error).toMatch(/timed out/);
  });

  it('dead-letters after the schedule, keeps every attempt, and redelivers on demand', async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    const port = receiver.port;
    await receiver.stop(); // connection refused from now on
    const { uuid } = await pay(service, shop);
    const dead = await eventuallyDelivery(uuid, (d) => d.status === 'dead');
    expect(dead.attempts).toBe(4);
    expect(dead.last_error).toMatch(/ECONNREFUSED|refused/i);
    expect((await service.admin('GET', '/admin/webhooks/endpoints')).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ origin: `http://127.0.0.1:${port}`, consecutive_failures: 4 })]),
    );

    receiver = await new WebhookReceiver().start(port);
    const redelivery = await service.admin('POST', `/admin/webhooks/deliveries/${dead.id}/redeliver`);
    expect([redelivery.status, redelivery.body.data]).toEqual([202, { redelivered: 1 }]);
    await receiver.waitFor(1);
    expect(await eventuallyDelivery(uuid, (d) => d.status === 'succeeded')).toMatchObject({ attempts: 5, last_status_code: 200 });
  });

  it('keeps one slow endpoint from delaying another tenant', async () => {
    const slow = await new WebhookReceiver().start();
    try {
      slow.answerWith(...Array.from({ length: 20 }, () => 'hang' as const));
      const stuck = await service.createTenant({ webhook_url: slow.url });
      for (let i = 0; i < 10; i++) await pay(service, stuck);
      await slow.waitFor(4);
      const fast = await service.createTenant({ webhook_url: receiver.url });
      await pay(service, fast);
      await receiver.waitFor(1);
      // Served one after another, the fast webhook would wait behind ten 500 ms time-outs;
      // isolated, it arrives while the slow endpoint has at most a round or two of 4 attempts.
      expect(slow.received.length).toBeLessThanOrEqual(8);
    } finally {
      await slow.stop();
    }
  });

  it('refuses malformed delivery filters with 422', async () => {
    for (const [query, message] of [
      ['status=lost', 'status must be one of: pending, succeeded, dead, undeliverable'],
      ['tenant_id=42', 'tenant_id must be a UUID'],
      ['transaction_uuid=x', 'transaction_uuid must be a UUID'],
      ['limit=0', 'limit must be 1 to 1000'],
    ]) {
      const response = await service.admin('GET', `/admin/webhooks/deliveries?${query}`);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, message });
    }
  });

  it('signs with both secrets while a rotation overlaps', async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    const rotated = await service.admin('POST', `/admin/tenants/${shop.id}/rotate-webhook-secret`, { overlap_seconds: 3600 });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.webhook_secret as string;
    expect(fresh).not.toBe(shop.webhookSecret);
    await pay(service, shop);
    const [webhook] = await receiver.waitFor(1);
    expect((webhook.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const secret of [fresh, shop.webhookSecret]) {
      expect(() => new Webhook(secret).verify(webhook.rawBody, webhook.headers as Record<string, string>)).not.toThrow();
    }
    expect(webhook.headers['x-service-signature']).toBe(createHmac('sha256', fresh).update(webhook.rawBody).digest('hex'));
  });

  it('refuses a private destination when private networks are not allowed, before connecting', async () => {
    // The API now refuses such a webhook_url too: this one was set while private networks were still allowed.
    const dataDir = mkdtempSync(join(tmpdir(), 'pvs-strict-'));
    const identity = { dataDir, adminToken: randomBytes(24).toString('base64url'), secretsKey: randomBytes(32) };
    const lax = await startTestService(identity);
    const shop = await lax.createTenant({ webhook_url: receiver.url });
    await lax.close();
    const strict = await startTestService({ ...identity, webhookAllowPrivateNetworks: false });
    try {
      const { uuid } = await pay(strict, shop);
      let delivery;
      for (let i = 0; i < 200 && delivery?.status !== 'dead'; i++) {
        [delivery] = (await strict.admin('GET', `/admin/webhooks/deliveries?transaction_uuid=${uuid}`)).body.data;
        await sleep(20);
      }
      expect(delivery).toMatchObject({ status: 'dead', attempts: 1, last_error: expect.stringMatching(/127\.0\.0\.1.*WEBHOOK_ALLOW_PRIVATE_NETWORKS/) });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('webhooks across a crash', () => {
  it('delivers a retry that was pending when the service stopped, once, after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pvs-crash-'));
    const receiver = await new WebhookReceiver().start();
    const identity = { dataDir, adminToken: randomBytes(24).toString('base64url'), secretsKey: randomBytes(32), webhookRetryScheduleSeconds: [0, 2, 2] };
    try {
      receiver.answerWith({ status: 500 });
      const first = await startTestService(identity);
      const shop = await first.createTenant({ webhook_url: receiver.url });
      await pay(first, shop);
      await receiver.waitFor(1);
      await first.close(); // the retry was due 2 s later

      const second = await startTestService(identity);
      try {
        const delivered = await receiver.waitFor(2, 10_000);
        expect(delivered[1].headers['webhook-id']).toBe(delivered[0].headers['webhook-id']);
        await sleep(2_500);
        expect(receiver.received).toHaveLength(2);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
