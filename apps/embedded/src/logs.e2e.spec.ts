import { randomBytes } from 'node:crypto';
import { LogCapture } from '@pvs/observability/testing';
import { Clock } from '@pvs/runtime';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';
import { TestService, WebhookReceiver, secretOf, startTestService } from './testing';

const DAY_MS = 86_400_000;

describe('structured logs (embedded, captured in memory)', () => {
  const logs = new LogCapture();
  const metricsToken = randomBytes(24).toString('base64url');
  let clockOffsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + clockOffsetMs) };
  let service: TestService;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    service = await startTestService({ logDestination: logs, logLevel: 'info', metricsToken, clock, expirySweepIntervalMs: 100 });
  });

  afterAll(async () => {
    await service.close();
    await receiver.stop();
  });

  it('follows a payment by its correlation id: the gateway request, the matcher decision, the notifier delivery', async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    const key = { 'x-api-key': shop.apiKey };
    const reference = randomTransactionId();
    const correlationId = `sms-${randomBytes(6).toString('hex')}`;
    const registered = await service.request('POST', '/payments/verify', {
      body: { gateway: 'wallet_one', transaction_reference: reference, amount: 500 },
      headers: { ...key, 'x-request-id': 'checkout-1' },
    });
    const ingested = await service.request('POST', '/sms/ingest', {
      body: { sender: '8558', body: jazzCashCredit({ reference, amount: '500.00' }) },
      headers: { ...key, 'x-request-id': correlationId },
    });
    expect(ingested.body.status).toBe('verified');
    await waitUntil(() => logs.find({ msg: 'webhook attempt', correlation_id: correlationId }).length === 1);

    const [request] = logs.find({ msg: 'request', correlation_id: correlationId });
    expect(request).toMatchObject({ level: 'info', context: 'Http', method: 'POST', route: '/api/v1/sms/ingest', status: 200, duration_ms: expect.any(Number) });
    expect(logs.find({ msg: 'request', correlation_id: 'checkout-1' })).toEqual([expect.objectContaining({ route: '/api/v1/payments/verify', status: 200 })]);
    expect(logs.find({ msg: 'payment decided', correlation_id: correlationId })).toEqual([
      expect.objectContaining({ level: 'info', context: 'Matcher', decision: 'verified', payment_id: registered.body.data.uuid, tenant_id: shop.id }),
    ]);
    expect(logs.find({ msg: 'webhook attempt', correlation_id: correlationId })).toEqual([
      expect.objectContaining({ context: 'Notifier', outcome: 'succeeded', attempt: 1, status_code: 200, payment_id: registered.body.data.uuid, event: 'payment.verified', origin: new URL(receiver.url).origin }),
    ]);
  });

  it("carries the registration's correlation id through an expiry to its webhook", async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    const correlationId = `expiring-${randomBytes(6).toString('hex')}`;
    const registered = await service.request('POST', '/payments/verify', {
      body: { gateway: 'wallet_one', transaction_reference: randomTransactionId(), amount: 75 },
      headers: { 'x-api-key': shop.apiKey, 'x-request-id': correlationId },
    });
    clockOffsetMs = 2 * DAY_MS;
    await waitUntil(() => logs.find({ msg: 'webhook attempt', correlation_id: correlationId }).length === 1, 10_000);
    expect(logs.find({ msg: 'payment decided', correlation_id: correlationId })).toEqual([
      expect.objectContaining({ decision: 'expired', payment_id: registered.body.data.uuid }),
    ]);
    expect(logs.find({ msg: 'webhook attempt', correlation_id: correlationId })).toEqual([expect.objectContaining({ event: 'payment.failed', outcome: 'succeeded' })]);
  });

  it('never writes a secret: credentials, tokens, webhook secrets and signatures stay out of every line', async () => {
    const shop = await service.createTenant({ webhook_url: receiver.url });
    const apiKey = (await service.admin('POST', `/admin/tenants/${shop.id}/rotate-api-key`)).body.data.api_key as string;
    const gatewaySecret = (await service.admin('POST', `/admin/tenants/${shop.id}/rotate-gateway-secret`)).body.data.gateway_secret as string;
    const webhookSecret = (await service.admin('POST', `/admin/tenants/${shop.id}/rotate-webhook-secret`, { overlap_seconds: 3600 })).body.data.webhook_secret as string;
    expect([apiKey, gatewaySecret, webhookSecret].every((secret) => typeof secret === 'string' && secret.length > 20)).toBe(true);

    // Refused credentials too: the old API key, a wrong admin token, a wrong metrics token.
    expect((await service.request('GET', '/payments/status/00000000-0000-4000-8000-000000000000', { headers: { 'x-api-key': shop.apiKey } })).status).toBe(401);
    expect((await service.request('GET', '/admin/tenants', { headers: { authorization: `Bearer ${service.adminToken}-wrong` } })).status).toBe(401);
    const wrongMetrics = await fetch(new URL('/metrics', service.baseUrl), { headers: { authorization: `Bearer ${metricsToken}-wrong` } });
    expect(wrongMetrics.status).toBe(401);
    expect((await fetch(new URL('/metrics', service.baseUrl), { headers: { authorization: `Bearer ${metricsToken}` } })).status).toBe(200);

    const reference = randomTransactionId();
    await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 990 }, headers: { 'x-api-key': apiKey } });
    const basic = `Basic ${Buffer.from(`twilio:${gatewaySecret}`).toString('base64')}`;
    const viaBasic = await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference: randomTransactionId(), amount: '1.00' }) }, headers: { authorization: basic } });
    expect(viaBasic.status).toBe(200);
    // A Twilio auth token given, and a Twilio SMS refused for its signature: neither the token nor the signature is logged.
    const twilioAuthToken = randomBytes(16).toString('hex');
    expect((await service.admin('PUT', `/admin/tenants/${shop.id}/twilio-auth-token`, { auth_token: twilioAuthToken })).status).toBe(200);
    const twilioSignature = randomBytes(20).toString('base64');
    const unsigned = await service.request('POST', '/sms/ingest', {
      rawBody: new URLSearchParams({ MessageSid: 'SM1', From: '8558', Body: jazzCashCredit({ reference: randomTransactionId(), amount: '1.00' }) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic, 'x-twilio-signature': twilioSignature },
    });
    expect(unsigned.status).toBe(403);
    const ingested = await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount: '990.00' }) }, headers: { 'x-gateway-secret': gatewaySecret } });
    expect(ingested.body.status).toBe('verified');
    const paidWebhook = () => receiver.received.find((received) => received.rawBody.includes(reference));
    await waitUntil(() => paidWebhook() !== undefined);
    const webhook = paidWebhook()!;
    const signatures = [webhook.headers['x-service-signature'], webhook.headers['webhook-signature']] as string[];
    expect(signatures.every((signature) => typeof signature === 'string' && signature.length > 40)).toBe(true);
    await waitUntil(() => logs.find({ msg: 'webhook attempt', payment_id: ingested.body.transaction_uuid }).length === 1);

    const secrets = [shop.apiKey, shop.gatewaySecret, shop.webhookSecret, apiKey, gatewaySecret, webhookSecret, service.adminToken, metricsToken, basic, twilioAuthToken, twilioSignature, ...signatures];
    // The secret part of each credential alone, and each signature of a multi-signature header alone.
    const parts = [...[shop.apiKey, shop.gatewaySecret, apiKey, gatewaySecret].map(secretOf), ...signatures.flatMap((s) => s.split(' '))];
    expect(logs.lines.length).toBeGreaterThan(10);
    for (const secret of [...secrets, ...parts]) expect(logs.text).not.toContain(secret);
  });

  it('writes nothing but JSON lines, each with its level, time, service and message', () => {
    const entries = logs.entries();
    expect(entries.length).toBe(logs.lines.length);
    for (const entry of entries) {
      expect(entry).toMatchObject({ level: expect.any(String), time: expect.any(String), service: 'embedded', msg: expect.any(String) });
    }
    expect(entries.filter((entry) => entry.msg === 'request').length).toBeGreaterThanOrEqual(15);
  });
});

describe('payer data in the logs (embedded, debug level, captured in memory)', () => {
  const logs = new LogCapture();
  let service: TestService;
  const payer = { name: 'ZARMEENA QURESHI', phone: '03451239876', sender: '03219876543' };

  beforeAll(async () => {
    service = await startTestService({ logDestination: logs, logLevel: 'debug', trustProxy: true });
  });

  afterAll(() => service?.close());

  it('logs no SMS body, payer name or payer number on any path: a credit read, one not matched, a non-payment, a payment link paid', async () => {
    const shop = await service.createTenant({});
    const key = { 'x-api-key': shop.apiKey };
    const reference = randomTransactionId();
    await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 500, sender_source: payer.sender }, headers: key });
    const bodies = [
      `You have received Rs 500.00 from ${payer.name} ${payer.phone} in your JazzCash account. TID: ${reference}`,
      `You have received Rs 700.00 from ${payer.name} ${payer.phone} in your JazzCash account. TID: ${randomTransactionId()}`,
      `Dear ${payer.name}, your OTP is 482913. Do not share it. Call ${payer.phone} for help.`,
      jazzCashCredit({ reference: randomTransactionId(), amount: '1.00' }),
    ];
    for (const body of bodies) await service.request('POST', '/sms/ingest', { body: { sender: '8558', body }, headers: key });
    const link = (await service.request('POST', '/payment-links', { body: { amount: 900 }, headers: key })).body.data;
    const paid = await fetch(`${new URL(service.baseUrl).origin}/pay/${link.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.9' },
      body: new URLSearchParams({ gateway: 'wallet_one', transaction_id: randomTransactionId(), name: payer.name, phone: payer.phone }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await waitUntil(() => logs.find({ context: 'Matcher' }).length >= 2);

    // Enough was logged at debug level for a leak to show, had there been one.
    expect(logs.lines.length).toBeGreaterThan(20);
    const text = logs.text.toLowerCase();
    const phoneDigits = (phone: string) => [phone, phone.slice(1), `92${phone.slice(1)}`];
    for (const secret of [...bodies, payer.name, ...payer.name.split(' '), ...phoneDigits(payer.phone), ...phoneDigits(payer.sender)]) {
      expect([secret, text.includes(secret.toLowerCase())]).toEqual([secret, false]);
    }
  });
});
