import { randomBytes, randomInt } from 'node:crypto';
import { ReturnVerificationError, verifyReturn } from '@pvs/client';
import { TestService, TestTenant, WebhookReceiver, movableClock, startTestService } from '@pvs/embedded/testing';
import { JAZZCASH_ACCOUNT, jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

const METRICS_TOKEN = randomBytes(24).toString('base64url');

interface PageAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

describe('payment links (embedded)', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let shop: TestTenant;
  const origin = () => new URL(service.baseUrl).origin;
  const open = async (path: string, headers: Record<string, string> = {}): Promise<PageAnswer> => {
    const response = await fetch(`${origin()}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  /** Each payer from an address of their own, unless one is given: the limits per address count apart. */
  const post = async (path: string, fields: Record<string, string>, address = `203.0.113.${randomInt(1, 255)}`): Promise<PageAnswer> => {
    const response = await fetch(`${origin()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const createLink = async (body: Record<string, unknown>, tenant = shop) => {
    const response = await service.request('POST', '/payment-links', { body, headers: { 'x-api-key': tenant.apiKey } });
    expect(response.status).toBe(201);
    return response.body.data as { id: string; code: string; url: string; status: string; uses: number };
  };
  const forward = (reference: string, amount: string) =>
    service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount }) }, headers: { 'x-api-key': shop.apiKey } });

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    service = await startTestService({ trustProxy: true, metricsToken: METRICS_TOKEN });
    shop = await service.createTenant({ name: 'Zainab Lawn House', webhook_url: receiver.url, receiving_accounts: { wallet_one: [JAZZCASH_ACCOUNT], bank: ['PK36SCBL0000001123456702'] } });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await receiver?.stop();
  });

  it('creates a link whose page tells the payer whom to pay, how much and where', async () => {
    const link = await createLink({ amount: 4500, description: 'Lawn suit, 3 piece', gateways: ['wallet_one', 'bank'], max_uses: 1, return_url: 'https://shop.example.pk/thanks?order=A-1001' });
    expect(link).toMatchObject({ status: 'open', uses: 0, url: `${origin()}/pay/${link.code}` });
    expect(link.code).toMatch(/^[2-9a-z]{10}$/);

    const page = await open(`/pay/${link.code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).toContain('Zainab Lawn House');
    expect(page.text).toContain('Rs 4,500.00');
    expect(page.text).toContain('Lawn suit, 3 piece');
    expect(page.text).toContain(JAZZCASH_ACCOUNT);
    expect(page.text).toContain('PK36SCBL0000001123456702');
    expect(page.text).not.toContain('Easypaisa');
    // No inline script or style: the CSP would refuse them.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.text).not.toMatch(/\sstyle=/);
    const qr = await open(`/pay/${link.code}/qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(qr.text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('registers the payer’s transaction id, shows it verified once the SMS arrives, and signs the way back to the shop', async () => {
    const link = await createLink({ amount: 1250, return_url: 'https://shop.example.pk/thanks?order=A-1002', client_metadata: { order: 'A-1002' } });
    const reference = randomTransactionId();
    const submitted = await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: reference, name: 'Sana Tariq', phone: '0300 1234567' });
    expect(submitted.status).toBe(303);
    const statusPath = submitted.headers.get('location')!;
    expect(statusPath).toMatch(new RegExp(`^/pay/${link.code}/payments/[0-9a-f-]{36}\\?lang=en$`));
    const pending = await open(statusPath);
    expect(pending.status).toBe(200);
    expect(pending.text).toContain('Checking your payment');
    expect(pending.text).toContain('<noscript><meta http-equiv="refresh" content="5"></noscript>');

    expect((await forward(reference, '1250.00')).body.status).toBe('verified');
    const verified = await open(statusPath);
    expect(verified.text).toContain('Payment verified');
    const back = /id="return" href="([^"]+)"/.exec(verified.text)?.[1].replace(/&amp;/g, '&');
    const url = new URL(back!);
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example.pk/thanks');
    expect(url.searchParams.get('order')).toBe('A-1002');
    expect(url.searchParams.get('pvs_status')).toBe('verified');
    expect(url.searchParams.get('pvs_amount')).toBe('1250.00');
    expect(url.searchParams.get('pvs_link')).toBe(link.id);
    // The merchant's return page checks it with the SDK: the result, signed with the tenant's webhook secret.
    expect(verifyReturn(url.toString(), shop.webhookSecret)).toMatchObject({ status: 'verified', amount: 1250, linkId: link.id, paymentId: statusPath.split('/')[4].split('?')[0] });
    url.searchParams.set('pvs_status', 'failed');
    expect(() => verifyReturn(url.toString(), shop.webhookSecret)).toThrow(ReturnVerificationError);

    // The merchant is told as for an intent of the API, with the link's metadata.
    await waitUntil(async () => receiver.received.some((webhook) => webhook.rawBody.includes(reference)));
    const webhook = JSON.parse(receiver.received.find((received) => received.rawBody.includes(reference))!.rawBody);
    expect(webhook).toMatchObject({ event: 'payment.verified', data: { transaction_reference: reference, amount_expected: 1250, client_metadata: { order: 'A-1002' } } });
    const shown = await service.request('GET', `/payment-links/${link.id}`, { headers: { 'x-api-key': shop.apiKey } });
    expect(shown.body.data).toMatchObject({ uses: 1, status: 'open' });
  });

  it('lists the links with what they took and verified, and each link’s payments with what their payers gave', async () => {
    const link = await createLink({ amount: 2200, description: 'Listed link' });
    for (const address of ['192.0.2.1', '192.0.2.1', '192.0.2.2']) expect((await open(`/pay/${link.code}`, { 'x-forwarded-for': address })).status).toBe(200);
    const reference = randomTransactionId();
    await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: reference, name: 'Bilal Ahmed', phone: '+92 300 7654321' });
    await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: randomTransactionId() });
    await forward(reference, '2200.00');
    const listed = async () => (await service.request('GET', '/payment-links?limit=50', { headers: { 'x-api-key': shop.apiKey } })).body.data.find((item: { id: string }) => item.id === link.id);
    await waitUntil(async () => (await listed())?.verified === 1);
    expect(await listed()).toMatchObject({ views: 3, opened: 2, uses: 2, verified: 1, status: 'open', description: 'Listed link', tenant_id: shop.id });
    const metrics = await (await fetch(`${origin()}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/pvs_pay_page_views_total\{shown="open"\} [1-9]/);
    expect(metrics).toMatch(/pvs_pay_page_submissions_total\{outcome="registered"\} [1-9]/);
    const payments = (await service.request('GET', `/payment-links/${link.id}/payments`, { headers: { 'x-api-key': shop.apiKey } })).body.data;
    expect(payments).toHaveLength(2);
    expect(payments.find((payment: { status: string }) => payment.status === 'verified')).toMatchObject({ amount: 2200, payer_name: 'Bilal Ahmed', payer_phone: '+923007654321' });
    const operators = (await service.admin('GET', `/admin/payment-links?tenant_id=${shop.id}`)).body.data;
    expect(operators.map((item: { id: string }) => item.id)).toContain(link.id);
    const stranger = await service.createTenant({ name: 'Listing stranger' });
    expect((await service.request('GET', '/payment-links', { headers: { 'x-api-key': stranger.apiKey } })).body.data).toEqual([]);
    expect((await service.request('GET', `/payment-links/${link.id}/payments`, { headers: { 'x-api-key': stranger.apiKey } })).status).toBe(404);
  });

  it('takes a single-use link once: the same payer again is shown their payment, another payer is told it is used', async () => {
    const link = await createLink({ amount: 700, max_uses: 1 });
    const reference = randomTransactionId();
    const first = await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: reference });
    const again = await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: reference });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    const other = await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: randomTransactionId() });
    expect(other.status).toBe(410);
    expect(other.text).toContain('This payment link has already been used');
    expect((await open(`/pay/${link.code}`)).status).toBe(410);
  });

  it('lets the payer choose the amount within the link’s bounds, and says what is wrong in the form', async () => {
    const link = await createLink({ min_amount: 100, max_amount: 5000, gateways: ['wallet_one'] });
    const low = await post(`/pay/${link.code}`, { transaction_id: randomTransactionId(), amount: '99.99' });
    expect(low.status).toBe(422);
    expect(low.text).toContain('The amount is outside what this link takes.');
    const noId = await post(`/pay/${link.code}`, { amount: '150' });
    expect(noId.status).toBe(422);
    expect(noId.text).toContain('Enter the transaction id');
    expect(noId.text).toContain('value="150"');
    const paid = await post(`/pay/${link.code}`, { transaction_id: randomTransactionId(), amount: '1,500.50' });
    expect(paid.status).toBe(303);
  });

  it('refuses a transaction id the merchant registered otherwise, without saying its amount', async () => {
    const reference = randomTransactionId();
    await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 300 }, headers: { 'x-api-key': shop.apiKey } });
    const link = await createLink({ amount: 300 });
    const claimed = await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: reference });
    expect(claimed.status).toBe(422);
    expect(claimed.text).toContain('already registered with the merchant');
    const otherAmount = await createLink({ amount: 999 });
    const differs = await post(`/pay/${otherAmount.code}`, { gateway: 'wallet_one', transaction_id: reference });
    expect(differs.status).toBe(422);
    expect(differs.text).toContain('This transaction id was already sent with another amount');
    // Not the amount it was registered with (the transaction id itself, echoed in the form, may hold the digits).
    expect(differs.text).not.toMatch(/300\.00|Rs 300\b|amount 300\b/);
  });

  it('stops taking payments once disabled, and knows no code it did not give', async () => {
    const link = await createLink({ amount: 500 });
    const disabled = await service.request('POST', `/payment-links/${link.id}/disable`, { headers: { 'x-api-key': shop.apiKey } });
    expect(disabled.body.data.status).toBe('disabled');
    const page = await open(`/pay/${link.code}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('no longer takes payments');
    expect((await open('/pay/23456789ab')).status).toBe(404);
    expect((await open('/pay/not-a-code')).status).toBe(404);
    const stranger = await service.createTenant({ name: 'Another shop' });
    expect((await service.request('GET', `/payment-links/${link.id}`, { headers: { 'x-api-key': stranger.apiKey } })).status).toBe(404);
    expect((await service.request('POST', `/payment-links/${link.id}/disable`, { headers: { 'x-api-key': stranger.apiKey } })).status).toBe(404);
  });

  it('shows the Raast QR the merchant’s bank issued with the bank transfer, once its checksum is right', async () => {
    const body = '00020101021126360012pk.raast.p2m0116PK36SCBL00000011520400005303586540545005802PK5915ZAINAB LAWN HSE6007KARACHI6304';
    const miscopied = await service.admin('PATCH', `/admin/tenants/${shop.id}`, { raast_qr: `${body}0000` });
    expect(miscopied.status).toBe(422);
    const checksum = /expected ([0-9A-F]{4})/.exec(miscopied.body.message)?.[1];
    expect(miscopied.body.message).toBe(`raast_qr's checksum does not match its text (expected ${checksum}): copy it again from the bank`);
    expect((await service.admin('PATCH', `/admin/tenants/${shop.id}`, { raast_qr: `${body}${checksum}` })).body.data.raast_qr).toBe(`${body}${checksum}`);
    const link = await createLink({ amount: 900, gateways: ['bank'] });
    const page = await open(`/pay/${link.code}`);
    expect(page.text).toContain(`<img class="raast-qr" src="/pay/${link.code}/raast-qr.svg" width="200" height="200" alt="Raast QR code to pay Zainab Lawn House">`);
    const qr = await open(`/pay/${link.code}/raast-qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.text).toMatch(/^<svg/);
    await service.admin('PATCH', `/admin/tenants/${shop.id}`, { raast_qr: null });
    expect((await open(`/pay/${link.code}`)).text).not.toContain('raast-qr');
    expect((await open(`/pay/${link.code}/raast-qr.svg`)).status).toBe(404);
  });

  it('answers malformed submissions and addresses with a 4xx, never a 500, and registers nothing', async () => {
    const link = await createLink({ min_amount: 10, max_amount: 500, gateways: ['wallet_one'] });
    const page = `${origin()}/pay/${link.code}`;
    const send = async (body: string, type: string) => (await fetch(page, { method: 'POST', headers: { 'content-type': type }, body, redirect: 'manual' })).status;
    expect(await send('[1,2]', 'application/json')).toBe(422);
    expect(await send('null', 'application/json')).toBe(422);
    expect(await send('{"transaction_id":{"$ne":1},"amount":"50"}', 'application/json')).toBe(422);
    expect(await send('{broken', 'application/json')).toBe(400);
    expect(await send('transaction_id=123', 'text/plain')).toBe(415);
    const malformed: Record<string, string>[] = [
      { transaction_id: 'TID\u202E123', amount: '50' },
      { transaction_id: 'x'.repeat(65), amount: '50' },
      { transaction_id: randomTransactionId(), amount: 'NaN' },
      { transaction_id: randomTransactionId(), amount: '1e2' },
      { transaction_id: randomTransactionId(), amount: '50.001' },
      { transaction_id: randomTransactionId(), amount: '9'.repeat(400) },
      { transaction_id: randomTransactionId(), amount: '50', phone: '0300-12345678901234567' },
      { transaction_id: randomTransactionId(), amount: '50', name: 'Sana\u0000' },
    ];
    for (const fields of malformed) {
      expect({ fields, status: (await post(`/pay/${link.code}`, fields)).status }).toEqual({ fields, status: 422 });
    }
    expect((await open(`/pay/${link.code.toUpperCase()}`)).status).toBe(404);
    expect((await open(`/pay/${link.code}/payments/not-a-uuid`)).status).toBe(404);
    expect((await open(`/pay/${link.code}/payments/00000000-0000-4000-8000-000000000000/status`)).status).toBe(404);
    expect((await open(`/pay/${link.code}?lang=ur&lang=en`)).status).toBe(200);
    expect((await service.request('GET', `/payment-links/${link.id}`, { headers: { 'x-api-key': shop.apiKey } })).body.data.uses).toBe(0);
  });

  it('speaks Urdu, right to left, when asked', async () => {
    const link = await createLink({ amount: 800 });
    const page = await open(`/pay/${link.code}?lang=ur`);
    expect(page.text).toContain('<html lang="ur" dir="rtl">');
    expect(page.text).toContain('جاز کیش');
    expect((await open(`/pay/${link.code}`, { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.8' })).text).toContain('dir="rtl"');
    expect((await open(`/pay/${link.code}`, { 'accept-language': 'en-GB' })).text).toContain('dir="ltr"');
  });

  it('limits submissions from one address', async () => {
    const link = await createLink({ amount: 200, max_uses: null });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await post(`/pay/${link.code}`, { gateway: 'wallet_one', transaction_id: randomTransactionId() }, '198.51.100.77')).status);
    expect(answers.slice(0, 10).every((status) => status === 303)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('payment links on the service’s clock', () => {
  const clock = movableClock();
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ clock });
  }, 60_000);

  afterAll(() => service?.close());

  it('says a link has expired in the API exactly when its page does, both on the service’s clock', async () => {
    const shop = await service.createTenant({ name: 'Clocked Shop' });
    const key = { 'x-api-key': shop.apiKey };
    const created = await service.request('POST', '/payment-links', { body: { amount: 100, expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString() }, headers: key });
    const { id, code } = created.body.data;
    clock.advance(2 * 3_600_000);
    expect((await fetch(`${new URL(service.baseUrl).origin}/pay/${code}`)).status).toBe(410);
    expect((await service.request('GET', `/payment-links/${id}`, { headers: key })).body.data.status).toBe('expired');
    expect((await service.admin('GET', `/admin/payment-links/${id}`)).body.data.status).toBe('expired');
  });
});
