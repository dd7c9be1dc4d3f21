import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { verifyReturn } from '@pvs/client';
import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';
import { JAZZCASH_ACCOUNT, jazzCashCredit, randomTransactionId, sleep, waitUntil } from '@pvs/testing';
import { describeWithChromium, launchChromium, watchForProblems } from '../../testing/chromium';
import { TEXTS } from './texts';

/** A mid-range Android phone, held upright. */
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
const SHOP = 'https://shop.example.pk';
const IBAN = 'PK36SCBL0000001123456702';
/** The status page a submitted form redirects to. */
const STATUS_URL = /\/pay\/[2-9a-z]{10}\/payments\/[0-9a-f-]{36}\?lang=(en|ur)$/;
/** The page polls after 2 s, then half as long again each time: a decision shows within a few polls. */
const DECISION_SHOWN_MS = 20_000;
/** A slow mobile connection: about DevTools' "Fast 3G" throughput, with 150 ms of latency on every request. */
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const BUDGET = { bytes: 100_000, firstContentfulPaintMs: 1_000 };
/** Set to a folder to keep a screenshot of each page state, in English and Urdu. */
const SCREENSHOTS = process.env.PAY_PAGE_SCREENSHOTS;
const UR = TEXTS.ur;

interface Payer {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Lets the page's way back to the shop through: held until then, so that the page it leaves can be checked first. */
  readonly letReturnThrough: () => void;
}

const text = async (locator: Locator) => {
  await locator.waitFor();
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
};
/** A property of the first element the selector finds, as the browser computed it (a string expression: no DOM types here). */
const computedStyle = (page: Page, selector: string, property: string) =>
  page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).getPropertyValue(${JSON.stringify(property)})`);
const number = (value: unknown): number => {
  if (typeof value !== 'number') throw new Error(`expected a number, got ${JSON.stringify(value)}`);
  return value;
};
const numbers = (value: unknown): number[] => {
  if (!Array.isArray(value)) throw new Error(`expected a list of numbers, got ${JSON.stringify(value)}`);
  return value.map(number);
};

describeWithChromium('the payer’s page on a phone in Chromium (embedded)', () => {
  let service: TestService;
  let shop: TestTenant;
  let browser: Browser;
  const problems: string[] = [];
  const contexts: BrowserContext[] = [];
  /** Each state's axe violations of any impact, for the summary. */
  const axeFindings = new Map<string, string[]>();
  let lastAddress = 0;
  const origin = () => new URL(service.baseUrl).origin;

  const createLink = async (body: Record<string, unknown>) => {
    const response = await service.request('POST', '/payment-links', { body, headers: { 'x-api-key': shop.apiKey } });
    expect(response.status).toBe(201);
    const { id, code } = response.body.data;
    expect(code).toMatch(/^[2-9a-z]{10}$/);
    return { id: String(id), code: String(code) };
  };
  /** Forwards the merchant's SMS of the payment, as their phone would; answers what the service decided of it. */
  const forward = async (reference: string, amount: string): Promise<unknown> => {
    const response = await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount }) }, headers: { 'x-api-key': shop.apiKey } });
    return response.body.status;
  };

  /** A payer with a phone of their own: their own address (the limits per address count apart), cookies and cache. */
  const newPayer = async (options: { javaScriptEnabled?: boolean } = {}): Promise<Payer> => {
    lastAddress += 1;
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: options.javaScriptEnabled ?? true, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${lastAddress}` } });
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin() });
    let letReturnThrough = () => {};
    const released = new Promise<void>((resolve) => (letReturnThrough = resolve));
    await context.route(`${SHOP}/**`, async (route) => {
      await released;
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Shop</title><p>Thank you for your order.</p>' });
    });
    const page = await context.newPage();
    watchForProblems(page, problems);
    return { context, page, letReturnThrough };
  };

  /** A screenshot of the whole page for a person to look at, when PAY_PAGE_SCREENSHOTS names a folder. */
  const keepScreenshot = async (page: Page, state: string) => {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${state}.png`), fullPage: true });
  };

  /** Runs axe on the page as it is now (no serious or critical violation may remain), and keeps a screenshot when asked. */
  const checkState = async (page: Page, state: string) => {
    await page.waitForLoadState('load');
    const { violations } = await new AxeBuilder({ page }).analyze();
    axeFindings.set(state, violations.map((violation) => `${violation.id} (${violation.impact})`));
    await keepScreenshot(page, state);
    const severe = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(severe.map((violation) => `${state}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  };

  /** Posts the page's form and answers the status the service gave the post (the page then shows what came back). */
  const submit = async (page: Page, label: string) => {
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: label }).click();
    return (await answered).status();
  };
  const shownStatus = (page: Page, status: string) => page.locator(`#status[data-status="${status}"]`).waitFor({ timeout: DECISION_SHOWN_MS });
  /** An English payer says they paid with JazzCash under `reference`, and lands on the pending status page. */
  const submitJazzCash = async (page: Page, reference: string) => {
    await page.getByRole('radio', { name: 'JazzCash', exact: true }).check();
    await page.getByLabel('Transaction id (TID)').fill(reference);
    expect(await submit(page, 'I have paid: check my payment')).toBe(303);
    await page.waitForURL(STATUS_URL);
    await shownStatus(page, 'pending');
    expect(await text(page.locator('#status h2'))).toBe('Checking your payment');
  };
  const problemSaid = (page: Page) => text(page.getByRole('alert'));

  /** Where the text starts and ends against main's content box: left to right, or right to left. */
  const layoutOf = async (page: Page) => {
    const main = (await page.locator('main').boundingBox())!;
    const padding = Number.parseFloat(String(await computedStyle(page, 'main', 'padding-inline-start')));
    const legend = (await page.locator('legend').boundingBox())!;
    const radio = (await page.getByRole('radio').first().boundingBox())!;
    const language = (await page.locator('.language a').boundingBox())!;
    const content = { left: main.x + padding, right: main.x + main.width - padding };
    return {
      direction: await computedStyle(page, '.language', 'direction'),
      /** How far each box stands from the content's start and end edges, in CSS pixels. */
      legend: { fromLeft: legend.x - content.left, fromRight: content.right - (legend.x + legend.width) },
      radio: { fromLeft: radio.x - content.left, fromRight: content.right - (radio.x + radio.width) },
      language: { fromLeft: language.x - content.left, fromRight: content.right - (language.x + language.width) },
    };
  };

  beforeAll(async () => {
    // Behind a proxy as in production: each payer's X-Forwarded-For is their address.
    service = await startTestService({ trustProxy: true });
    shop = await service.createTenant({ name: 'Zainab Lawn House', receiving_accounts: { wallet_one: [JAZZCASH_ACCOUNT], bank: [IBAN] } });
    browser = await launchChromium();
  }, 60_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    if (axeFindings.size) console.log(`Axe (violations of any impact, per state): ${[...axeFindings].map(([state, found]) => `${state}: ${found.join(', ') || 'none'}`).join('; ')}`);
  });

  it('takes a payment in English: amount and account shown and copied, the id checked, then verified and back to the shop with a signed result', async () => {
    const link = await createLink({ amount: 4500, description: 'Lawn suit, 3 piece', gateways: ['wallet_one', 'bank'], max_uses: 1, return_url: `${SHOP}/thanks?order=A-1001` });
    const { page, letReturnThrough } = await newPayer();
    expect((await page.goto(`${origin()}/pay/${link.code}`))?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(await text(page.locator('h1'))).toBe('Zainab Lawn House');
    expect(await text(page.locator('.amount strong'))).toBe('Rs 4,500.00');
    const jazzCash = page.locator('.way', { has: page.getByRole('heading', { name: 'JazzCash' }) });
    expect(await text(jazzCash.locator('.account'))).toBe(JAZZCASH_ACCOUNT);
    expect(await text(page.locator('.way', { has: page.getByRole('heading', { name: 'Bank transfer (Raast or IBFT)' }) }).locator('.account'))).toBe(IBAN);
    const layout = await layoutOf(page);
    expect(layout.direction).toBe('ltr');
    expect(layout.legend.fromLeft).toBeLessThanOrEqual(1);
    expect(layout.radio.fromLeft).toBeLessThanOrEqual(6);
    expect(layout.language.fromRight).toBeLessThanOrEqual(1);
    await checkState(page, 'link-en');

    const copy = jazzCash.getByRole('button', { name: 'Copy' });
    await copy.tap();
    // The label changes once the clipboard took the number, and changes back after 2 s.
    await jazzCash.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 1_500 });
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(JAZZCASH_ACCOUNT);

    const reference = randomTransactionId();
    await submitJazzCash(page, reference);
    expect(await text(page.locator('#status dd').first())).toBe(reference);
    await checkState(page, 'pending-en');
    const statusUrl = page.url();

    expect(await forward(reference, '4500.00')).toBe('verified');
    await shownStatus(page, 'verified');
    expect(await text(page.locator('#status h2'))).toBe('Payment verified');
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toMatch(/^https:\/\/shop\.example\.pk\/thanks\?order=A-1001&pvs_payment=/);
    await checkState(page, 'verified-en');

    // The page goes back to the shop by itself; the shop checks the result with the SDK.
    letReturnThrough();
    await page.waitForURL((url) => url.origin === SHOP, { timeout: 10_000 });
    const back = new URL(page.url());
    expect(back.searchParams.get('order')).toBe('A-1001');
    expect(verifyReturn(page.url(), shop.webhookSecret)).toMatchObject({ status: 'verified', amount: 4500, linkId: link.id, paymentId: new URL(statusUrl).pathname.split('/')[4] });
  }, 60_000);

  it('takes a payment in Urdu, laid out right to left', async () => {
    const link = await createLink({ amount: 1250, return_url: `${SHOP}/thanks?order=A-1002` });
    const { page, letReturnThrough } = await newPayer();
    await page.goto(`${origin()}/pay/${link.code}?lang=ur`);
    expect(await page.locator('html').getAttribute('lang')).toBe('ur');
    expect(await page.locator('html[dir="rtl"]').count()).toBe(1);
    expect(await text(page.locator('.pay-to'))).toBe(UR.payTo);
    expect(await text(page.locator('.amount strong'))).toBe('Rs 1,250.00');
    const jazzCash = page.locator('.way', { has: page.getByRole('heading', { name: UR.gatewayNames.wallet_one }) });
    expect(await text(jazzCash.locator('.account'))).toBe(JAZZCASH_ACCOUNT);
    // The account number stays left to right inside the right-to-left text.
    expect(await computedStyle(page, '.way .account', 'direction')).toBe('ltr');
    const layout = await layoutOf(page);
    expect(layout.direction).toBe('rtl');
    expect(layout.legend.fromRight).toBeLessThanOrEqual(1);
    expect(layout.legend.fromLeft).toBeGreaterThan(100);
    expect(layout.radio.fromRight).toBeLessThanOrEqual(6);
    expect(layout.radio.fromLeft).toBeGreaterThan(250);
    // `text-align: end`: the language link sits on the left in Urdu.
    expect(layout.language.fromLeft).toBeLessThanOrEqual(1);
    await checkState(page, 'link-ur');

    await jazzCash.getByRole('button', { name: UR.copy }).tap();
    await jazzCash.getByRole('button', { name: UR.copied }).waitFor({ timeout: 1_500 });
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(JAZZCASH_ACCOUNT);

    const reference = randomTransactionId();
    await page.getByRole('radio', { name: UR.gatewayNames.wallet_one, exact: true }).check();
    await page.getByLabel(UR.transactionId).fill(reference);
    expect(await submit(page, UR.submit)).toBe(303);
    await page.waitForURL(STATUS_URL);
    expect(page.url()).toMatch(/\?lang=ur$/);
    await shownStatus(page, 'pending');
    expect(await page.locator('html[dir="rtl"]').count()).toBe(1);
    expect(await text(page.locator('#status h2'))).toBe(UR.status.pending.title);
    await checkState(page, 'pending-ur');

    expect(await forward(reference, '1250.00')).toBe('verified');
    await shownStatus(page, 'verified');
    expect(await text(page.locator('#status h2'))).toBe(UR.status.verified.title);
    expect(await text(page.getByRole('link', { name: UR.backToShop }))).toBe(UR.backToShop);
    await checkState(page, 'verified-ur');

    letReturnThrough();
    await page.waitForURL((url) => url.origin === SHOP, { timeout: 10_000 });
    expect(verifyReturn(page.url(), shop.webhookSecret)).toMatchObject({ status: 'verified', amount: 1250, linkId: link.id });
  }, 60_000);

  it('lines the payment’s details up in Urdu: the transaction id on the same edge as the amount', async () => {
    const link = await createLink({ amount: 450, gateways: ['wallet_one'] });
    const { page } = await newPayer();
    await page.goto(`${origin()}/pay/${link.code}?lang=ur`);
    await page.getByLabel(UR.transactionId).fill(randomTransactionId());
    expect(await submit(page, UR.submit)).toBe(303);
    await page.waitForURL(STATUS_URL);
    await shownStatus(page, 'pending');
    // Where each value's text ends on the right (the cells themselves are as wide as their column).
    const [reference, amount] = numbers(
      await page.evaluate("[...document.querySelectorAll('#status dd')].map((value) => { const range = document.createRange(); range.selectNodeContents(value); return range.getBoundingClientRect().right; })"),
    );
    const column = (await page.locator('#status dd').first().boundingBox())!;
    expect(amount).toBeCloseTo(column.x + column.width, 0);
    // The id reads left to right inside its cell, and the cell keeps the page's side (found: `dir` on the cell put it
    // at the far left of an Urdu page).
    expect(reference).toBeCloseTo(amount, 0);
  });

  it('tells the payer when the link has expired, whether they opened it before or after', async () => {
    const expiresAt = Date.now() + 3_000;
    const link = await createLink({ amount: 300, expires_at: new Date(expiresAt).toISOString() });
    const { page } = await newPayer();
    expect((await page.goto(`${origin()}/pay/${link.code}`))?.status()).toBe(200);
    await page.getByLabel('Transaction id (TID)').fill(randomTransactionId());
    await page.getByRole('radio', { name: 'JazzCash', exact: true }).check();
    await sleep(expiresAt - Date.now() + 200);
    expect(await submit(page, 'I have paid: check my payment')).toBe(410);
    expect(await problemSaid(page)).toBe('This payment link has expired. Ask the merchant for a new one.');
    await checkState(page, 'expired-en');

    expect((await page.goto(`${origin()}/pay/${link.code}?lang=ur`))?.status()).toBe(410);
    expect(await problemSaid(page)).toBe(UR.unavailable.expired);
    expect(await page.locator('form').count()).toBe(0);
    await checkState(page, 'expired-ur');
  }, 30_000);

  it('tells a second payer that a single-use link is used, on the form they had open and on a fresh visit', async () => {
    const link = await createLink({ amount: 700, max_uses: 1, gateways: ['wallet_one'] });
    const first = await newPayer();
    const second = await newPayer();
    await second.page.goto(`${origin()}/pay/${link.code}`);
    await first.page.goto(`${origin()}/pay/${link.code}`);
    await first.page.getByLabel('Transaction id (TID)').fill(randomTransactionId());
    expect(await submit(first.page, 'I have paid: check my payment')).toBe(303);
    await first.page.waitForURL(STATUS_URL);

    await second.page.getByLabel('Transaction id (TID)').fill(randomTransactionId());
    expect(await submit(second.page, 'I have paid: check my payment')).toBe(410);
    expect(await problemSaid(second.page)).toBe('This payment link has already been used. Ask the merchant for a new one.');
    expect((await second.page.goto(`${origin()}/pay/${link.code}`))?.status()).toBe(410);
    expect(await problemSaid(second.page)).toBe('This payment link has already been used. Ask the merchant for a new one.');
    expect(await text(second.page.locator('h1'))).toBe('Zainab Lawn House');
    await checkState(second.page, 'used-en');
    expect((await second.page.goto(`${origin()}/pay/${link.code}?lang=ur`))?.status()).toBe(410);
    expect(await problemSaid(second.page)).toBe(UR.unavailable.used_up);
    await checkState(second.page, 'used-ur');
  }, 30_000);

  it('sends a payment of another amount than the payer entered to the merchant’s review, and says so', async () => {
    const link = await createLink({ min_amount: 100, max_amount: 5000, gateways: ['wallet_one'], description: 'Stitching, as agreed' });
    const { page } = await newPayer();
    await page.goto(`${origin()}/pay/${link.code}`);
    await page.getByLabel('Enter the amount you pay (Rs 100.00 to Rs 5,000.00)').fill('1,500');
    const reference = randomTransactionId();
    await page.getByLabel('Transaction id (TID)').fill(reference);
    expect(await submit(page, 'I have paid: check my payment')).toBe(303);
    await page.waitForURL(STATUS_URL);
    await shownStatus(page, 'pending');
    expect(await text(page.locator('#status dd').last())).toBe('Rs 1,500.00');

    expect(await forward(reference, '1,400.00')).toBe('manual_review');
    await shownStatus(page, 'manual_review');
    expect(await text(page.locator('#status h2'))).toBe('The merchant will check this payment');
    expect(await text(page.locator('#status p').first())).toMatch(/^Something about the payment did not match \(for example the amount\)\./);
    expect(await page.getByRole('link', { name: 'Back to the shop' }).count()).toBe(0);
    await checkState(page, 'review-en');
    await page.goto(page.url().replace(/\?lang=en$/, '?lang=ur'));
    await shownStatus(page, 'manual_review');
    expect(await text(page.locator('#status h2'))).toBe(UR.status.manual_review.title);
    await checkState(page, 'review-ur');
  }, 60_000);

  it('says what is wrong with the form, as an alert tied to the field, and keeps what the payer typed', async () => {
    const link = await createLink({ amount: 950, gateways: ['wallet_one', 'bank'] });
    const { page } = await newPayer();
    await page.goto(`${origin()}/pay/${link.code}`);
    await page.getByRole('radio', { name: 'JazzCash', exact: true }).check();
    await page.getByLabel('Your name').fill('Sana Tariq');
    expect(await submit(page, 'I have paid: check my payment')).toBe(422);
    expect(await problemSaid(page)).toBe('Enter the transaction id from your payment SMS.');
    expect((await page.getByLabel('Transaction id (TID)').getAttribute('aria-describedby'))?.split(' ')).toContain('problem');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Sana Tariq');
    expect(await page.getByRole('radio', { name: 'JazzCash', exact: true }).isChecked()).toBe(true);
    await checkState(page, 'form-error-en');

    await page.goto(`${origin()}/pay/${link.code}?lang=ur`);
    await page.getByRole('radio', { name: UR.gatewayNames.wallet_one, exact: true }).check();
    expect(await submit(page, UR.submit)).toBe(422);
    expect(await problemSaid(page)).toBe(UR.problems.enter_transaction_id);
    await checkState(page, 'form-error-ur');
  }, 30_000);

  it('stops a payer who submits more than ten times in a minute, and tells them to wait', async () => {
    const link = await createLink({ amount: 200, gateways: ['wallet_one'] });
    const { page } = await newPayer();
    for (let i = 0; i < 10; i++) {
      await page.goto(`${origin()}/pay/${link.code}`);
      await page.getByLabel('Transaction id (TID)').fill(randomTransactionId());
      expect(await submit(page, 'I have paid: check my payment')).toBe(303);
      await page.waitForURL(STATUS_URL);
    }
    await page.goto(`${origin()}/pay/${link.code}`);
    const eleventh = randomTransactionId();
    await page.getByLabel('Transaction id (TID)').fill(eleventh);
    expect(await submit(page, 'I have paid: check my payment')).toBe(429);
    expect(await problemSaid(page)).toBe('Too many attempts. Wait a minute and try again.');
    expect(await page.getByLabel('Transaction id (TID)').inputValue()).toBe(eleventh);
    await checkState(page, 'too-many-en');

    await page.goto(`${origin()}/pay/${link.code}?lang=ur`);
    await page.getByLabel(UR.transactionId).fill(randomTransactionId());
    expect(await submit(page, UR.submit)).toBe(429);
    expect(await problemSaid(page)).toBe(UR.problems.too_many);
    await checkState(page, 'too-many-ur');

    // Another payer, from another address, is not held back.
    const other = await newPayer();
    await other.page.goto(`${origin()}/pay/${link.code}`);
    await other.page.getByLabel('Transaction id (TID)').fill(randomTransactionId());
    expect(await submit(other.page, 'I have paid: check my payment')).toBe(303);
  }, 60_000);

  it('works without JavaScript: the form posts, and the status page refreshes itself until verified', async () => {
    const link = await createLink({ amount: 1800, gateways: ['wallet_one', 'bank'], return_url: `${SHOP}/thanks?order=A-1003` });
    const { page, letReturnThrough } = await newPayer({ javaScriptEnabled: false });
    await page.goto(`${origin()}/pay/${link.code}`);
    expect(await text(page.locator('.amount strong'))).toBe('Rs 1,800.00');
    await keepScreenshot(page, 'no-script-link-en');

    const reference = randomTransactionId();
    await submitJazzCash(page, reference);
    expect(await text(page.locator('#status .note'))).toBe('This page refreshes every few seconds.');
    expect(await page.locator('button.copy').count()).toBe(0);
    await keepScreenshot(page, 'no-script-pending-en');

    expect(await forward(reference, '1800.00')).toBe('verified');
    // No script polls: the page's own refresh (every 5 s) brings the decision, as a reload would.
    await shownStatus(page, 'verified');
    expect(await text(page.locator('#status h2'))).toBe('Payment verified');
    await page.reload();
    expect(await text(page.locator('#status h2'))).toBe('Payment verified');
    await keepScreenshot(page, 'no-script-verified-en');
    // Nor does the page leave by itself: the payer taps the way back.
    await sleep(3_500);
    expect(page.url()).toMatch(STATUS_URL);
    letReturnThrough();
    await page.getByRole('link', { name: 'Back to the shop' }).tap();
    await page.waitForURL((url) => url.origin === SHOP);
    expect(verifyReturn(page.url(), shop.webhookSecret)).toMatchObject({ status: 'verified', amount: 1800, linkId: link.id });
  }, 60_000);

  it('shows no copy button without JavaScript, where it could copy nothing', async () => {
    const link = await createLink({ amount: 600, gateways: ['wallet_one', 'bank'] });
    const { page } = await newPayer({ javaScriptEnabled: false });
    await page.goto(`${origin()}/pay/${link.code}`);
    expect(await page.locator('button.copy').count()).toBe(2);
    // The copy buttons are hidden until the script shows them (found: a display rule for buttons overrode `hidden`).
    expect([await page.locator('button.copy').first().isVisible(), await page.locator('button.copy').last().isVisible()]).toEqual([false, false]);
  });

  it('weighs under 100 KB and paints first within a second on a 3G-like connection, from a cold cache', async () => {
    const link = await createLink({ amount: 2500, description: 'Weighed link' });
    const measure = async (language: 'en' | 'ur') => {
      const { context, page } = await newPayer();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
      const requested = new Map<string, string>();
      const received = new Map<string, number>();
      cdp.on('Network.requestWillBeSent', (event) => {
        const { pathname } = new URL(event.request.url);
        // Chromium asks for /favicon.ico by itself (the page names no icon), and headless Chromium aborts it: not the page's.
        if (pathname !== '/favicon.ico') requested.set(event.requestId, pathname);
      });
      cdp.on('Network.loadingFinished', (event) => received.set(event.requestId, event.encodedDataLength));
      cdp.on('Network.loadingFailed', (event) => received.set(event.requestId, 0));
      expect((await page.goto(`${origin()}/pay/${link.code}?lang=${language}`, { waitUntil: 'load' }))?.status()).toBe(200);
      // Polled with evaluate (the DevTools protocol's, which the page's CSP does not govern): waitForFunction compiles
      // its string in the page, which the CSP refuses once the page's script is running.
      let firstContentfulPaintMs = 0;
      await waitUntil(async () => (firstContentfulPaintMs = number(await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0"))) > 0);
      await waitUntil(() => [...requested.keys()].every((id) => received.has(id)));
      const transfers = [...requested].map(([id, path]) => ({ path, bytes: received.get(id) ?? 0 }));
      return { bytes: transfers.reduce((sum, { bytes }) => sum + bytes, 0), transfers, firstContentfulPaintMs };
    };
    const en = await measure('en');
    const ur = await measure('ur');
    const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const said = (figures: typeof en) =>
      `${kilobytes(figures.bytes)} transferred in ${figures.transfers.length} requests (${figures.transfers.map(({ path, bytes }) => `${path.replace(link.code, '<code>')} ${kilobytes(bytes)}`).join(', ')}), first contentful paint ${Math.round(figures.firstContentfulPaintMs)} ms`;
    console.log(`Pay page: link page, cold cache, 3G-like network (150 ms latency, 1.6 Mbps down, 750 kbps up), phone 360×740: English ${said(en)}; Urdu ${said(ur)}`);
    for (const figures of [en, ur]) {
      // The page, its style and its script: nothing else (no font, no image, no third party).
      expect(figures.transfers.map(({ path }) => path).sort()).toEqual([`/pay/${link.code}`, '/pay/assets/pay.css', '/pay/assets/pay.js'].sort());
      expect(figures.bytes).toBeLessThan(BUDGET.bytes);
      expect(figures.firstContentfulPaintMs).toBeLessThan(BUDGET.firstContentfulPaintMs);
    }
  }, 60_000);

  it('raised no script error and no Content-Security-Policy violation', () => {
    expect(problems).toEqual([]);
  });
});
