import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PaymentVerificationClient, PaymentVerificationError, StatusWaitTimeoutError, WebhookVerificationError, verifyWebhook } from '@pvs/client';
import { jazzCashCredit, randomTransactionId } from '@pvs/testing';
import { TestService, TestTenant, WebhookReceiver, startTestService } from './testing';

describe('the merchant client against the embedded service', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let shop: TestTenant;
  let client: PaymentVerificationClient;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    service = await startTestService();
    shop = await service.createTenant({ webhook_url: receiver.url });
    client = new PaymentVerificationClient({ baseUrl: service.baseUrl, apiKey: shop.apiKey });
  });

  afterAll(async () => {
    await service.close();
    await receiver.stop();
  });

  it('registers a payment, forwards its SMS and waits until it is verified; the webhook verifies, a changed one does not', async () => {
    const reference = randomTransactionId();
    const payment = await client.registerPayment({ gateway: 'wallet_one', transaction_reference: reference, amount: 2350, client_metadata: { order_id: 'A-17' } });
    expect(payment).toMatchObject({ status: 'pending', gateway: 'wallet_one', transaction_reference: reference, amount_expected: 2350 });
    // Registering again is safe: the same payment, as it stands.
    expect((await client.registerPayment({ gateway: 'wallet_one', transaction_reference: reference, amount: 2350 })).uuid).toBe(payment.uuid);
    const waiting = client.waitForStatus(payment.uuid, { intervalMs: 100 });
    expect(await client.ingestSms({ sender: '8558', body: jazzCashCredit({ reference, amount: 2350 }) })).toMatchObject({ status: 'verified', transaction_uuid: payment.uuid });
    expect(await waiting).toMatchObject({ uuid: payment.uuid, status: 'verified', amount_detected: 2350 });

    const [webhook] = await receiver.waitFor(1);
    const event = verifyWebhook(webhook.rawBody, webhook.headers, shop.webhookSecret);
    expect(event).toMatchObject({ event: 'payment.verified', data: { uuid: payment.uuid, status: 'verified', client_metadata: { order_id: 'A-17' } } });

    const reason = (run: () => unknown) => {
      try {
        run();
        return 'verified';
      } catch (error) {
        return error instanceof WebhookVerificationError ? error.reason : String(error);
      }
    };
    const changed = webhook.rawBody.replace('"amount_detected":2350', '"amount_detected":2351');
    expect(reason(() => verifyWebhook(changed, webhook.headers, shop.webhookSecret))).toBe('bad_signature');
    expect(reason(() => verifyWebhook(webhook.rawBody, webhook.headers, 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY='))).toBe('bad_signature');
    const tenMinutesLater = new Date(Date.now() + 600_000);
    expect(reason(() => verifyWebhook(webhook.rawBody, webhook.headers, shop.webhookSecret, { now: tenMinutesLater }))).toBe('timestamp_out_of_window');
  });

  it('verifies the webhook with the Python snippet of the README, and refuses it changed', async () => {
    const [webhook] = await receiver.waitFor(1);
    const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
    // The webhook's snippet, among the README's Python (the payment links' return has its own).
    const snippet = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((block) => block[1]).find((block) => block.includes('def pvs_verify('));
    expect(snippet).toContain('def pvs_verify');
    const run = (body: string) =>
      execFileSync('python3', ['-c', `${snippet}\nimport json, sys\nargs = json.load(sys.stdin)\nprint(json.dumps(pvs_verify(args["body"].encode(), args["headers"], args["secret"])))`], {
        input: JSON.stringify({ body, headers: { ...webhook.headers, 'X-Service-Signature': webhook.headers['x-service-signature'] }, secret: shop.webhookSecret }),
      }).toString();
    expect(JSON.parse(run(webhook.rawBody))).toMatchObject({ event: 'payment.verified' });
    expect(JSON.parse(run(webhook.rawBody.replace('verified', 'verifieD')))).toBeNull();
  });

  it('throws the service\'s status and message on a 4xx without retrying, and times out waiting with the last status', async () => {
    let calls = 0;
    const counting = new PaymentVerificationClient({ baseUrl: service.baseUrl, apiKey: shop.apiKey, fetch: (input, init) => (calls++, fetch(input, init)) });
    const refused = await counting.registerPayment({ gateway: 'wallet_one', transaction_reference: randomTransactionId(), amount: -5 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentVerificationError);
    expect(refused).toMatchObject({ status: 422, message: expect.stringContaining('amount') });
    expect(calls).toBe(1);
    const unknown = await client.getStatus('00000000-0000-4000-8000-000000000000').catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 404 });
    const wrongKey = new PaymentVerificationClient({ baseUrl: service.baseUrl, apiKey: 'pvs_wrong' });
    expect(await wrongKey.getStatus('00000000-0000-4000-8000-000000000000').catch((error: unknown) => error)).toMatchObject({ status: 401 });

    const pending = await client.registerPayment({ gateway: 'bank', transaction_reference: randomTransactionId(), amount: 10 });
    const timedOut = await client.waitForStatus(pending.uuid, { timeoutMs: 300, intervalMs: 100 }).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(StatusWaitTimeoutError);
    expect(timedOut).toMatchObject({ last: { uuid: pending.uuid, status: 'pending' } });
    expect(await client.health()).toMatchObject({ status: 'healthy' });
  });
});
