import { ReadYourWrites, TestService, WebhookReceiver, startTestService } from './testing';

describe('one truth for every client (embedded)', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let client: ReadYourWrites;

  beforeAll(async () => {
    service = await startTestService();
    receiver = await new WebhookReceiver().start();
    client = new ReadYourWrites({
      gateways: [async (method, path, body, headers) => service.request(method, path, { body, headers })],
      adminToken: service.adminToken,
      receiver,
    });
  });

  afterAll(async () => {
    await receiver.stop();
    await service.close();
  });

  it('shows a payment verified to the status read right after the ingest said so, and on each webhook\'s arrival', async () => {
    const payments = await client.payments(500);
    expect(payments.filter((payment) => payment.told !== 'verified')).toEqual([]);
    expect(await client.webhooksRead(500)).toBe(500);
    expect(client.stale).toEqual([]);
  }, 240_000);

  it('shows an operator\'s approval or rejection to the merchant and to the operator at once', async () => {
    const before = receiver.received.length;
    const reviews = await client.payments(20, (amount) => amount - 1);
    expect(reviews.map((payment) => payment.told)).toEqual(reviews.map(() => 'manual_review'));
    for (const [n, payment] of reviews.entries()) await client.review(payment.uuid, payment.key, n % 2 === 0 ? 'approve' : 'reject', n);
    expect(await client.webhooksRead(before + 40)).toBe(before + 40);
    expect(client.stale).toEqual([]);
  }, 120_000);

  it('answers two decisions on one payment at once with one 200 and one 409, never a 500', async () => {
    const [payment] = await client.payments(1, (amount) => amount - 1);
    const decide = (verdict: string) => service.admin('POST', `/admin/payments/${payment?.uuid}/${verdict}`, {});
    const answers = await Promise.all([decide('approve'), decide('reject')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});
