import { Browser, Locator, Page } from 'playwright-core';
import { TestService, TestTenant, WebhookReceiver, startTestService } from '@pvs/embedded/testing';
import { clearOfHourTurn, jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';
import { describeWithChromium, openChromium } from '../testing/chromium';

const REFRESH_MS = 5_000;
const OPERATOR = 'Ayesha';
const TOKEN_REFUSED = 'The operator token was refused. Enter it again.';
/** Set to a file name to keep a screenshot of the populated console. */
const SCREENSHOT = process.env.ADMIN_PAGE_SCREENSHOT;

// Shared by both suites below, each with a service and a browser of its own.
const text = async (locator: Locator) => {
  await locator.waitFor();
  return ((await locator.textContent()) ?? '').trim();
};
/** Advances the page's paused clock one refresh at a time until `condition` holds. */
const refreshUntil = (page: Page, condition: () => Promise<boolean>) =>
  waitUntil(async () => {
    if (await condition()) return true;
    await page.clock.runFor(REFRESH_MS);
    await page.waitForTimeout(100);
    return false;
  }, 15_000);
const signIn = async (page: Page, token: string) => {
  await page.fill('input[name="token"]', token);
  await page.click('#sign-in-form button[type="submit"]');
};

describeWithChromium('the operators’ status page in Chromium (embedded)', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let page: Page;
  let shop: TestTenant;
  let other: TestTenant;
  const problems: string[] = [];
  const review = { approve: '', refuse: '', strict: '' };

  const register = async (tenant: TestTenant, gateway: string, amount: number, paid?: string) => {
    const reference = randomTransactionId();
    const registered = await service.request('POST', '/payments/verify', {
      body: { gateway, transaction_reference: reference, amount },
      headers: { 'x-api-key': tenant.apiKey },
    });
    if (paid) {
      await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount: paid }) }, headers: { 'x-api-key': tenant.apiKey } });
    }
    return registered.body.data.uuid as string;
  };
  const statusOf = async (tenant: TestTenant, uuid: string) =>
    (await service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': tenant.apiKey } })).body.data.status;
  const adminData = async (path: string) => (await service.admin('GET', path)).body.data;
  const origin = () => new URL(service.baseUrl).origin;
  let operator: { id: string; token: string };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    receiver.answerWith(...Array.from({ length: 100 }, () => ({ status: 500 })));
    service = await startTestService({ webhookRetryScheduleSeconds: [0, 1, 1, 1] });
    shop = await service.createTenant({ name: '<b>Bold</b> & Sons', webhook_url: receiver.url });
    other = await service.createTenant({ name: 'Karachi Kitchen' });
    operator = (await service.admin('POST', '/admin/operators', { name: OPERATOR })).body.data;

    await register(shop, 'wallet_one', 100, '100.00');
    review.approve = await register(shop, 'wallet_one', 250, '200.00');
    review.refuse = await register(shop, 'wallet_one', 300, '310.00');
    await register(shop, 'wallet_two', 50);
    await register(other, 'wallet_one', 1000, '1,000.00');
    // A strict tenant's payment, paid with a TID shorter than JazzCash's usual twelve digits: read, and sent to review.
    const strict = await service.createTenant({ name: 'Strict Store', verification_policy: 'strict' });
    const shortTid = '36620983731';
    review.strict = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: shortTid, amount: 75 }, headers: { 'x-api-key': strict.apiKey } })).body.data.uuid;
    await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference: shortTid, amount: '75.00' }) }, headers: { 'x-api-key': strict.apiKey } });
    // Three decisions of the shop, each sent to a receiver that answers 500 until the schedule is spent.
    await waitUntil(async () => (await adminData('/admin/webhooks/deliveries?status=dead')).length === 3, 20_000);
    await waitUntil(async () => (await adminData('/admin/payments?status=manual_review')).length === 3);

    ({ browser, page } = await openChromium(problems));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await receiver?.stop();
  });

  it('is served outside the API prefix with a strict Content-Security-Policy', async () => {
    for (const path of ['/admin', '/admin/']) {
      const response = await fetch(`${origin()}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const script = await fetch(`${origin()}/admin/admin.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('textContent');
  });

  it('refuses a wrong token and asks for it again', async () => {
    await page.goto(`${origin()}/admin`);
    await page.clock.pauseAt(Date.now() + 1_000);
    await signIn(page, 'not-the-admin-token');
    expect(await text(page.locator('#sign-in-error'))).toBe('That operator token was refused. Check it and try again.');
    expect(await page.isHidden('#console')).toBe(true);
    expect(await page.evaluate("sessionStorage.getItem('pvs.admin.token')")).toBeNull();
  });

  it('signs in with an operator token, under the name it was issued to, and shows today’s totals per tenant, names as text', async () => {
    await signIn(page, operator.token);
    expect(await text(page.locator('#operator-name'))).toBe(OPERATOR);
    const row = page.locator(`#daily tr[data-tenant="${shop.id}"]`);
    const cell = (column: string) => text(row.locator(`[data-col="${column}"] .count`));
    await refreshUntil(page, async () => (await row.count()) === 1 && (await cell('failed')) === '0' && (await text(row.locator('[data-col="registered"]'))) === '4');
    expect(await text(row.locator('th'))).toContain('<b>Bold</b> & Sons');
    expect(await page.locator('#daily b').count()).toBe(0);
    expect({
      verified: await cell('verified'),
      review: await cell('manual_review'),
      pending: await cell('pending'),
      failed: await cell('failed'),
      walletOne: await cell('wallet_one'),
      walletTwo: await cell('wallet_two'),
      bank: await cell('bank'),
      matchRate: await text(row.locator('[data-col="match_rate"]')),
    }).toEqual({ verified: '1', review: '2', pending: '1', failed: '0', walletOne: '3', walletTwo: '1', bank: '0', matchRate: '25.0 %' });
    expect(await text(row.locator('[data-col="manual_review"] .amount'))).toBe('Rs 550.00');
    const karachi = page.locator(`#daily tr[data-tenant="${other.id}"]`);
    expect(await text(karachi.locator('[data-col="verified"] .count'))).toBe('1');
    expect(await text(karachi.locator('[data-col="match_rate"]'))).toBe('100.0 %');
  });

  it('shows the failing webhook endpoint and the dead deliveries', async () => {
    const [endpoint] = (await adminData('/admin/webhooks/endpoints')) as { origin: string; consecutive_failures: number }[];
    expect(endpoint.origin).toBe(`http://127.0.0.1:${receiver.port}`);
    const row = page.locator(`#webhooks tr[data-origin="${endpoint.origin}"]`);
    expect(await text(row.locator('.badge'))).toBe('failing');
    expect(await text(row.locator('[data-col="failures"]'))).toBe(String(endpoint.consecutive_failures));
    expect(await text(page.locator('#webhooks [data-stat="failing"] .value'))).toBe('1');
    expect(await text(page.locator('#webhooks [data-stat="dead"] .value'))).toBe('3');
  });

  it('shows every projection and how far behind it is', async () => {
    const projections = (await adminData('/admin/projections')) as { name: string; lag_events: number }[];
    expect(projections.map(({ name }) => name)).toEqual(expect.arrayContaining(['payments', 'sms']));
    await refreshUntil(page, async () => (await page.locator('#projections tbody tr').count()) === projections.length);
    for (const { name } of projections) {
      const row = page.locator(`#projections tr[data-projection="${name}"]`);
      expect(await text(row.locator('td').first())).toBe(name);
      expect(await text(row.locator('[data-col="lag_events"]'))).toBe('0');
      expect(await text(row.locator('.badge').last())).toBe('live');
    }
  });

  it('lists the payments waiting for review, with the tenant name as text', async () => {
    const row = page.locator(`#review tr[data-uuid="${review.approve}"]`);
    expect(await text(row.locator('td').first())).toBe('<b>Bold</b> & Sons');
    expect(await page.locator('#review tbody tr').count()).toBe(3);
    expect(await text(page.locator('#review .panel-meta'))).toBe('3 waiting');
    if (SCREENSHOT) await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it('says why each payment waits, and what its SMS reading departed from', async () => {
    const why = (uuid: string) => page.locator(`#review tr[data-uuid="${uuid}"] [data-col="why"]`);
    expect(await text(why(review.approve))).toBe('The amount received differs');
    const strict = why(review.strict);
    expect(await text(strict)).toMatch(/^The SMS reading is not sure enough for the tenant’s policy/);
    expect(await text(strict.locator('.departure'))).toBe('JazzCash transaction ids are usually 12 digits; this one is 11 digits');
    const row = page.locator(`#review tr[data-uuid="${review.strict}"]`);
    await row.locator('button.approve').click();
    await row.waitFor({ state: 'detached' });
  });

  it('approves a payment: the row goes, the payment is verified, the operator and note recorded', async () => {
    const row = page.locator(`#review tr[data-uuid="${review.approve}"]`);
    await row.locator('input.note').fill('customer paid the rest in cash');
    await row.locator('button.approve').click();
    await row.waitFor({ state: 'detached' });
    expect(await text(page.locator('#review .notice'))).toMatch(/^Approved \d+ \(Rs 250\.00\)\.$/);
    expect(await statusOf(shop, review.approve)).toBe('verified');
    const { events } = await adminData(`/admin/payments/${review.approve}`);
    expect(events.at(-1)).toMatchObject({ type: 'PaymentApproved', data: { operator: OPERATOR, operatorId: operator.id, note: 'customer paid the rest in cash' } });
  });

  it('shows the API’s message when a decision is refused, and drops the row at the next refresh', async () => {
    expect((await service.admin('POST', `/admin/payments/${review.refuse}/approve`, {})).status).toBe(200);
    const row = page.locator(`#review tr[data-uuid="${review.refuse}"]`);
    await row.locator('button.reject').click();
    expect(await text(row.locator('.row-error'))).toBe('Only a payment in manual_review can be reviewed; this one is verified');
    expect(await statusOf(shop, review.refuse)).toBe('verified');
    await refreshUntil(page, async () => (await row.count()) === 0);
    expect(await text(page.locator('#review .empty'))).toBe('Nothing is waiting for review.');
  });

  it('teaches a wording from a rejected SMS: the operator marks amount and reference on its text, sees the dry run, learns it, and the payment verifies', async () => {
    await service.admin('PATCH', `/admin/tenants/${other.id}`, { allowed_senders: { bank: ['NEWBANK'] } });
    const reference = `FT${randomTransactionId()}`;
    const uuid = (await service.request('POST', '/payments/verify', { body: { gateway: 'bank', transaction_reference: reference, amount: 640 }, headers: { 'x-api-key': other.apiKey } })).body.data.uuid;
    const body = `Dear Customer, your A/C **4455 got PKR 640.00 from SANA IQBAL. Txn ${reference} on 03-12-2026.`;
    expect((await service.request('POST', '/sms/ingest', { body: { sender: 'NEWBANK', body }, headers: { 'x-api-key': other.apiKey } })).status).toBe(422);
    let listed: { sms_id: string }[] = [];
    await waitUntil(async () => (listed = await adminData(`/admin/sms?state=rejected&tenant_id=${other.id}`)).length === 1);
    const [sms] = listed;
    const row = page.locator(`#rejected tr[data-sms="${sms.sms_id}"]`);
    await refreshUntil(page, async () => (await row.count()) === 1);
    expect(await text(row.locator('td').first())).toBe('Karachi Kitchen');

    await row.locator('button[data-teach]').click();
    const lesson = page.locator(`#rejected tr[data-sms="${sms.sms_id}"] + tr.lesson-row`);
    const mark = async (kind: string, value: string) => {
      // Selects the value in the SMS text as an operator would with the mouse (no DOM types here: the script is text).
      await page.evaluate(`(() => {
        const node = document.querySelector('#rejected tr[data-sms="${sms.sms_id}"] + tr.lesson-row pre').firstChild;
        const start = node.textContent.indexOf(${JSON.stringify(value)});
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + ${value.length});
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
      })()`);
      await lesson.locator(`button[data-mark="${kind}"]`).click();
    };
    await lesson.locator('button[data-dry-run-button]').click();
    expect(await text(lesson.locator('.row-error'))).toMatch(/amount must be marked|reference must be marked/);
    await mark('amount', '640.00');
    await mark('reference', reference);
    expect(await text(lesson.locator('[data-mark-amount]'))).toBe('640.00');
    await lesson.locator('button[data-dry-run-button]').click();
    expect(await text(lesson.locator('[data-dry-run]'))).toBe('Would read 1 rejected SMS of NEWBANK (1 looked at).');
    await lesson.locator('button[data-learn]').click();
    await row.waitFor({ state: 'detached' });
    expect(await text(page.locator('#rejected .notice'))).toMatch(/^Learned learned\.[0-9a-f]{12}: 1 of 1 rejected SMS read now\.$/);
    await waitUntil(async () => (await statusOf(other, uuid)) === 'verified');
  });

  it('lists the tenants and changes one’s verification policy, recorded as a tenant event; a refresh keeps the choice', async () => {
    const row = page.locator(`#tenants tr[data-tenant="${other.id}"]`);
    await refreshUntil(page, async () => (await row.count()) === 1);
    expect(await text(row.locator('th'))).toBe('Karachi Kitchen');
    const select = row.locator('select[data-policy]');
    expect(await select.inputValue()).toBe('standard');
    await select.selectOption('strict');
    expect(await text(page.locator('#tenants .notice'))).toBe('Karachi Kitchen: verification policy strict.');
    expect((await adminData(`/admin/tenants/${other.id}`)).verification_policy).toBe('strict');
    const { events } = await adminData(`/admin/streams/tenant-${other.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'TenantUpdated', data: { changes: { verificationPolicy: 'strict' }, previous: { verificationPolicy: 'standard' } } });
    const updated = await text(page.locator('#refresh-state'));
    await page.clock.runFor(REFRESH_MS);
    await waitUntil(async () => (await text(page.locator('#refresh-state'))) !== updated);
    expect(await select.inputValue()).toBe('strict');
    // Changed elsewhere (the CLI, another operator): the next refresh shows it.
    await service.admin('PATCH', `/admin/tenants/${other.id}`, { verification_policy: 'standard' });
    await refreshUntil(page, async () => (await select.inputValue()) === 'standard');
  });

  it('lists the forwarding phones with their tenant, traffic and last heartbeat', async () => {
    const asKitchenPhone = { 'x-api-key': other.apiKey, 'x-forwarder-id': 'kitchen-phone' };
    expect((await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference: randomTransactionId(), amount: '20.00' }) }, headers: asKitchenPhone })).status).toBe(200);
    expect((await service.request('POST', '/forwarders/heartbeat', { body: { status: 'offline' }, headers: asKitchenPhone })).status).toBe(200);
    const row = page.locator('#forwarders tr', { has: page.locator('th', { hasText: 'kitchen-phone' }) });
    await refreshUntil(page, async () => (await row.count()) === 1 && (await row.locator('[data-col="heartbeat"] .badge').count()) === 1);
    expect(await text(row.locator('td').first())).toBe('Karachi Kitchen');
    expect(await text(row.locator('[data-col="sms_last_24h"]'))).toBe('1');
    expect(await text(row.locator('[data-col="heartbeat"] .badge'))).toBe('offline');
    expect(await text(row.locator('[data-col="retired"]'))).toBe('—');
  });

  it('creates a payment link for a tenant under the operator’s name, and lists the links with their conversion', async () => {
    const form = page.locator('#links form.link-form');
    await refreshUntil(page, async () => (await form.count()) === 1);
    await form.locator('select[name="tenant_id"]').selectOption(other.id);
    await form.locator('input[name="amount"]').fill('1,200');
    await form.locator('input[name="description"]').fill('Biryani for 6');
    await form.locator('input[name="single_use"]').check();
    await form.locator('button[type="submit"]').click();
    const created = form.locator('.row-result a');
    await created.waitFor();
    const url = (await created.textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${origin()}/pay/[2-9a-z]{10}$`));
    const [link] = (await adminData(`/admin/payment-links?tenant_id=${other.id}`)).filter((each: { url: string }) => each.url === url);
    expect(link).toMatchObject({ amount: 1200, max_uses: 1, description: 'Biryani for 6' });
    const { events } = await adminData(`/admin/streams/paylink-${link.id}`);
    expect(events[0].data).toMatchObject({ createdBy: `operator:${OPERATOR}` });
    expect((await fetch(url)).status).toBe(200);
    const row = page.locator(`#links tr[data-link="${link.id}"]`);
    await refreshUntil(page, async () => (await row.count()) === 1 && (await text(row.locator('[data-col="opened"]'))) === '1');
    expect(await text(row.locator('th a'))).toBe('Biryani for 6');
    expect(await text(row.locator('td').first())).toBe('Karachi Kitchen');
    expect(await text(row.locator('[data-col="uses"]'))).toBe('0 / 1');
    expect(await text(row.locator('[data-col="conversion"]'))).toBe('0.0 %');
  });

  it('erases a payer’s data by mobile number, after asking, under the operator’s name; a pending payment’s is refused with the reason', async () => {
    const reference = randomTransactionId();
    const { uuid } = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 300, sender_source: '0301 2345678' }, headers: { 'x-api-key': other.apiKey } })).body.data;
    const form = page.locator('#erasures form.erasure-form');
    await refreshUntil(page, async () => (await form.count()) === 1);
    const erase = async (by: string, named: string, reason: string) => {
      await form.locator('select[name="by"]').selectOption(by);
      await form.locator('input[name="named"]').fill(named);
      if (by === 'mobile') await form.locator('select[name="tenant_id"]').selectOption(other.id);
      await form.locator('input[name="reason"]').fill(reason);
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      await form.locator('button[type="submit"]').click();
      await waitUntil(async () => (await form.locator('.row-result').isVisible()) && !(await form.locator('button[type="submit"]').isDisabled()));
      return { asked, answer: await text(form.locator('.row-result')) };
    };
    expect(await erase('mobile', '0301-2345678', 'the payer asked, request 7')).toEqual({
      asked: 'Erase the payer data of mobile number 0301-2345678? Its SMS text, names and numbers become unreadable everywhere, for good.',
      answer: `Payment ${uuid} is still pending: its evidence may yet decide it. Erase it once it is verified, failed or expired`,
    });
    expect((await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount: '300.00' }) }, headers: { 'x-api-key': other.apiKey } })).body.status).toBe('verified');
    const { answer } = await erase('mobile', '+92 301 2345678', 'the payer asked, request 7');
    // The payment reaches the SMS that verified it.
    expect(answer).toMatch(new RegExp(`^Erased payment/${uuid}, sms/[0-9a-f-]{36}: 2 keys destroyed \\(erasure [0-9a-f-]{36}\\)\\.$`));
    const erasureId = /erasure ([0-9a-f-]{36})/.exec(answer)![1];
    const { events } = await adminData(`/admin/streams/erasure-${erasureId}`);
    expect(events).toMatchObject([{ type: 'PayerDataErased', data: { target: { kind: 'mobile' }, subjects: [`payment/${uuid}`, expect.stringMatching(/^sms\//)], erasedBy: OPERATOR, reason: 'the payer asked, request 7' } }]);
    expect(JSON.stringify(events)).not.toContain('2345678');
  });

  it('shows the alerts with a banner, and acknowledges one under the operator’s name', async () => {
    const reference = randomTransactionId();
    const uuid = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 900 }, headers: { 'x-api-key': other.apiKey } })).body.data.uuid;
    expect((await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount: '850.00' }) }, headers: { 'x-api-key': other.apiKey } })).status).toBe(200);
    let alertId = '';
    await waitUntil(async () => {
      const alerts = await adminData(`/admin/alerts?tenant_id=${other.id}&kind=payment.review_required`);
      alertId = alerts.find((alert: { subject_id: string }) => alert.subject_id === uuid)?.alert_id ?? '';
      return alertId !== '';
    });
    const row = page.locator(`#alerts tr[data-alert="${alertId}"]`);
    await refreshUntil(page, async () => (await row.count()) === 1);
    expect(await text(row.locator('th'))).toBe('Review needed');
    expect(await text(row.locator('td').first())).toBe('Karachi Kitchen');
    expect(await page.isVisible('#alert-banner')).toBe(true);
    expect(await text(page.locator('#alert-banner'))).toContain('Review needed');
    await row.locator('input.note').fill('checking the statement');
    await row.locator('button.acknowledge').click();
    await waitUntil(async () => (await text(row.locator('[data-col="acknowledged"]'))).startsWith(OPERATOR));
    expect(await text(page.locator('#alerts .notice'))).toContain('Acknowledged');
    const { events } = await adminData(`/admin/streams/alert-${alertId}`);
    expect(events).toMatchObject([{ type: 'AlertAcknowledged', data: { acknowledgedBy: OPERATOR, note: 'checking the statement' } }]);
  });

  it('keeps the other panels working when one endpoint fails or does not answer', async () => {
    await page.route('**/api/v1/admin/projections', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Projection status is unavailable' }) }),
    );
    await page.route('**/api/v1/admin/dashboard/daily', (route) => route.abort('connectionrefused'));
    const errorIn = async (panel: string) => ((await page.locator(`#${panel} .error`).count()) === 1 ? text(page.locator(`#${panel} .error`)) : null);
    await refreshUntil(page, async () => (await errorIn('projections')) === 'Projection status is unavailable (HTTP 503)' && (await errorIn('daily')) === 'The service did not answer.');
    expect(await page.locator('#webhooks [data-stat="dead"]').count()).toBe(1);
    expect(await page.locator('#review .error').count()).toBe(0);
    await page.unrouteAll();
    await refreshUntil(page, async () => (await errorIn('projections')) === null && (await errorIn('daily')) === null);
  });

  it('asks for a token again once the operator’s is revoked', async () => {
    expect((await service.admin('POST', `/admin/operators/${operator.id}/revoke`)).body.data).toMatchObject({ id: operator.id, revoked_at: expect.any(String) });
    await refreshUntil(page, () => page.isVisible('#sign-in'));
    expect(await text(page.locator('#sign-in-error'))).toBe(TOKEN_REFUSED);
    expect(await page.isHidden('#console')).toBe(true);
    expect(await page.evaluate("sessionStorage.getItem('pvs.admin.token')")).toBeNull();
  });

  it('raised no script error and no Content-Security-Policy violation', () => {
    expect(problems).toEqual([]);
  });
});

interface SmsStats {
  since: string;
  current_hour: string;
  institutions: { institution: string; read: number; rejected: number }[];
}

describeWithChromium('the operators’ chart of SMS read and rejected per hour in Chromium (embedded)', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    // A service of its own: the chart adds up every tenant's SMS, so this suite's are the only ones.
    service = await startTestService();
    ({ browser, page } = await openChromium(problems));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('stacks each hour’s SMS by how they were read, per institution, beside the totals that mark a rejected share jumping', async () => {
    await clearOfHourTurn();
    const shop = await service.createTenant();
    const operator = (await service.admin('POST', '/admin/operators', { name: OPERATOR })).body.data;
    const ingest = (sender: string, body: string) => service.request('POST', '/sms/ingest', { body: { sender, body }, headers: { 'x-api-key': shop.apiKey } });
    await ingest('8558', jazzCashCredit({ reference: randomTransactionId(), amount: '10.00' }));
    await ingest('8558', jazzCashCredit({ reference: randomTransactionId(), amount: '20.00' }));
    await ingest('8558', 'Your JazzCash OTP is 112233. Do not share it.');
    // Every HBL SMS of the hour rejected: the row a changed wording would make.
    for (const code of ['445566', '778899', '990011']) await ingest('HBL', `Your HBL OTP is ${code}. Do not share it.`);
    let stats = {} as SmsStats;
    const totals = () => stats.institutions.map(({ institution, read, rejected }) => `${institution} ${read}/${rejected}`).join(', ');
    await waitUntil(async () => {
      stats = (await service.admin('GET', '/admin/sms/stats?hours=48')).body.data;
      return totals() === 'hbl 0/3, jazzcash 2/1';
    });

    await page.goto(`${new URL(service.baseUrl).origin}/admin`);
    await page.clock.pauseAt(Date.now() + 1_000);
    await signIn(page, operator.token);
    const chart = page.locator('#sms-hours svg');
    const bar = (bucket: string) => chart.locator(`rect[data-hour="${stats.current_hour}"][data-bucket="${bucket}"]`);
    const title = async (bucket: string) => bar(bucket).locator('title').textContent();
    const box = async (bucket: string) => (await bar(bucket).boundingBox())!;
    await refreshUntil(page, async () => (await bar('template').count()) === 1 && (await bar('rejected').count()) === 1);

    // All institutions: 2 read by a built-in template under 4 rejected, 48 hours from `since`.
    const hours = await chart.locator('g[data-hour]').evaluateAll((bars) => bars.map((element) => element.getAttribute('data-hour')));
    expect([hours.length, hours[0], hours.at(-1)]).toEqual([48, stats.since, stats.current_hour]);
    const utcHour = `${stats.current_hour.slice(0, 10)} ${stats.current_hour.slice(11, 16)} UTC`;
    expect([await title('template'), await title('rejected')]).toEqual([`${utcHour} · template: 2`, `${utcHour} · rejected: 4`]);
    const [template, rejected] = [await box('template'), await box('rejected')];
    expect(template.height).toBeGreaterThan(10);
    expect(Math.abs(rejected.height - 2 * template.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(rejected.y + rejected.height - template.y)).toBeLessThanOrEqual(1);

    const row = (institution: string) => page.locator(`#sms-hours tr[data-institution="${institution}"]`);
    const cells = async (institution: string) =>
      Promise.all(['read', 'rejected', 'rejected_share', 'current_read', 'current_rejected'].map((column) => text(row(institution).locator(`[data-col="${column}"]`))));
    expect(await text(row('jazzcash').locator('th'))).toBe('JazzCash');
    expect(await cells('jazzcash')).toEqual(['2', '1', '33.3 %', '2', '1']);
    expect(await cells('hbl')).toEqual(['0', '3', '100.0 %', '0', '3']);
    expect([await row('hbl').getAttribute('class'), await row('jazzcash').getAttribute('class')]).toEqual(['rejected-jump', null]);

    // JazzCash alone: twice as many read as rejected.
    await page.selectOption('#sms-hours select', 'jazzcash');
    await waitUntil(async () => (await title('rejected')) === `${utcHour} · rejected: 1`);
    expect(Math.abs((await box('template')).height - 2 * (await box('rejected')).height)).toBeLessThanOrEqual(1);

    // HBL alone, kept through a refresh: none read.
    await page.selectOption('#sms-hours select', 'hbl');
    const hblDrawn = async () => (await bar('template').count()) === 0 && (await title('rejected')) === `${utcHour} · rejected: 3`;
    await waitUntil(hblDrawn);
    const updated = await text(page.locator('#refresh-state'));
    await page.clock.runFor(REFRESH_MS);
    await waitUntil(async () => (await text(page.locator('#refresh-state'))) !== updated);
    expect(await page.inputValue('#sms-hours select')).toBe('hbl');
    expect(await hblDrawn()).toBe(true);
  });

  it('raised no script error and no Content-Security-Policy violation', () => {
    expect(problems).toEqual([]);
  });
});
