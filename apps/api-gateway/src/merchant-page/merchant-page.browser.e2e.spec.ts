import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';
import { jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';
import { describeWithChromium, launchChromium, watchForProblems } from '../testing/chromium';

/** A shop owner's phone, held upright, in Pakistan's time zone (the expiry they pick is read in it). */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, timezoneId: 'Asia/Karachi' } as const;
/** How often the page refreshes its list: a test moves the page's clock on by as much rather than waiting. */
const REFRESH_MS = 10_000;
/** Set to a folder to keep a screenshot of each state the accessibility check sees. */
const SCREENSHOTS = process.env.MERCHANT_PAGE_SCREENSHOTS;

interface Link {
  readonly id: string;
  readonly code: string;
  readonly url: string;
  readonly status: string;
  readonly amount: number | null;
  readonly min_amount: number;
  readonly max_amount: number;
  readonly description: string | null;
  readonly gateways: string[];
  readonly max_uses: number | null;
  readonly expires_at: string | null;
  readonly uses: number;
  readonly verified: number;
}

const text = async (locator: Locator) => {
  await locator.waitFor();
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
};

describeWithChromium('the merchants’ page on a phone in Chromium (embedded)', () => {
  let service: TestService;
  let shop: TestTenant;
  let other: TestTenant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const origin = () => new URL(service.baseUrl).origin;

  const linksOf = async (tenant: TestTenant): Promise<Link[]> =>
    (await service.request('GET', '/payment-links', { headers: { 'x-api-key': tenant.apiKey } })).body.data;
  const rowOf = (code: string) => page.locator('#links tr[data-link]', { has: page.locator(`.sub:text-is("${code}")`) });
  const signIn = async (key: string) => {
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Open my links' }).click();
  };
  /** Fills the form as a shop owner would, then creates the link; answers what the API then lists as the newest. */
  const create = async (fill: () => Promise<void>) => {
    const before = (await linksOf(shop)).length;
    await fill();
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.locator('#created').getByText('Your link is ready').waitFor();
    const links = await linksOf(shop);
    expect(links).toHaveLength(before + 1);
    return links[0];
  };
  /** No serious or critical accessibility violation on the page as it is now (and its screenshot, when asked). */
  const accessible = async (state: string) => {
    if (SCREENSHOTS) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${state}.png`), fullPage: true });
    }
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${state}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  };

  beforeAll(async () => {
    service = await startTestService({ trustProxy: true });
    shop = await service.createTenant({ name: 'Zainab Lawn House' });
    other = await service.createTenant({ name: 'Karachi Kitchen' });
    browser = await launchChromium();
    context = await browser.newContext(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin() });
    page = await context.newPage();
    watchForProblems(page, problems);
    await page.clock.install();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('is served outside the API prefix with the consoles’ strict headers, its shared script and style under its own path', async () => {
    for (const path of ['/merchant', '/merchant/', '/merchant/merchant.js', '/merchant/page-kit.js', '/merchant/console.css', '/admin/page-kit.js']) {
      const response = await fetch(`${origin()}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await fetch(`${origin()}/merchant/page-kit.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('refuses a wrong key, keeps none, and asks again', async () => {
    await page.goto(`${origin()}/merchant`);
    await accessible('sign-in');
    await signIn('pvs_not-a-key');
    expect(await text(page.locator('#sign-in-error'))).toBe('That API key was refused. Check it and try again.');
    expect(await page.isHidden('#console')).toBe(true);
    expect(await page.evaluate("sessionStorage.getItem('pvs.merchant.key')")).toBeNull();
  });

  it('creates a single-use link from an amount and a description, and gives its address to copy, send and print as a QR code', async () => {
    await signIn(shop.apiKey);
    await page.locator('#links').getByText('No link yet: create one above.').waitFor();
    const link = await create(async () => {
      await page.getByLabel('Amount (Rs)').fill('4,500');
      await page.getByLabel('What it is for').fill('Lawn suit, 3 piece');
    });
    expect(link).toMatchObject({ amount: 4500, description: 'Lawn suit, 3 piece', max_uses: 1, expires_at: null, gateways: ['wallet_one', 'wallet_two', 'bank'], status: 'open' });
    const created = page.locator('#created');
    expect(await created.getByLabel('The link').inputValue()).toBe(link.url);
    await created.getByRole('button', { name: 'Copy' }).click();
    await created.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link.url);
    const whatsApp = new URL((await created.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href'))!);
    expect(whatsApp.origin).toBe('https://wa.me');
    expect(whatsApp.searchParams.get('text')).toBe(`Pay for Lawn suit, 3 piece, Rs 4,500.00: ${link.url}`);
    await created.getByRole('img', { name: `QR code of ${link.url}` }).waitFor();
    // Drawn: the browser loaded and decoded the image (a string expression: no DOM types here).
    await waitUntil(async () => (await page.evaluate("(() => { const qr = document.querySelector('#created img.qr'); return qr.complete ? qr.naturalWidth : 0; })()")) !== 0);
    expect(await created.getByRole('link', { name: 'Download the QR code' }).getAttribute('href')).toBe(`/pay/${link.code}/qr.svg`);
    // The form is empty again for the next link; the list shows this one.
    expect(await page.getByLabel('Amount (Rs)').inputValue()).toBe('');
    expect(await text(rowOf(link.code).locator('[data-col="uses"]'))).toBe('0 / 1');
    await accessible('link created');
  });

  it('creates a standing link whose payer enters the amount within bounds, until a time, by JazzCash only, and back to the shop', async () => {
    const link = await create(async () => {
      await page.getByLabel('What it is for').fill('Counter');
      await page.getByLabel('One payment only').uncheck();
      await page.getByText('More options').click();
      await page.getByLabel('Lowest amount the payer may enter (Rs)').fill('100');
      await page.getByLabel('Highest amount the payer may enter (Rs)').fill('25000.50');
      await page.getByLabel('Stops taking payments at').fill('2030-12-31T23:59');
      await page.getByLabel('Easypaisa').uncheck();
      await page.getByLabel('Bank transfer').uncheck();
      await page.getByLabel(/Send the payer back to/).fill('https://shop.example.pk/thanks');
    });
    expect(link).toMatchObject({ amount: null, min_amount: 100, max_amount: 25000.5, max_uses: null, gateways: ['wallet_one'], description: 'Counter' });
    // 23:59 in Karachi (UTC+5) is 18:59 UTC.
    expect(new Date(link.expires_at!).toISOString()).toBe('2030-12-31T18:59:00.000Z');
    const row = rowOf(link.code);
    expect(await text(row.locator('td.num').first())).toBe('Rs 100.00 – Rs 25,000.50');
    expect(await text(row.locator('[data-col="uses"]'))).toBe('0');
  });

  it('says what the API refused, in its words, and creates nothing', async () => {
    const before = (await linksOf(shop)).length;
    await page.getByLabel('Amount (Rs)').fill('four thousand');
    await page.getByRole('button', { name: 'Create link' }).click();
    expect(await text(page.locator('#link-form-error'))).toMatch(/^amount /);
    await page.getByLabel('Amount (Rs)').fill('100');
    await page.getByLabel('JazzCash').uncheck();
    await page.getByLabel('Easypaisa').uncheck();
    await page.getByLabel('Bank transfer').uncheck();
    await page.getByRole('button', { name: 'Create link' }).click();
    await waitUntil(async () => (await text(page.locator('#link-form-error'))) === 'gateways must name at least one gateway');
    expect(await linksOf(shop)).toHaveLength(before);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(shop.apiKey);
  });

  it('shows a payment made through a link, verified by its SMS, with what the payer told, and the link used up', async () => {
    const [single] = (await linksOf(shop)).filter((link) => link.description === 'Lawn suit, 3 piece');
    const reference = randomTransactionId();
    const paid = await fetch(`${origin()}/pay/${single.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
      body: new URLSearchParams({ gateway: 'wallet_one', transaction_id: reference, name: 'Sana Tariq', phone: '0300 1234567' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await service.request('POST', '/sms/ingest', { body: { sender: '8558', body: jazzCashCredit({ reference, amount: '4,500.00' }) }, headers: { 'x-api-key': shop.apiKey } });
    await waitUntil(async () => (await linksOf(shop)).some((link) => link.id === single.id && link.verified === 1));
    await page.clock.runFor(REFRESH_MS);
    const row = rowOf(single.code);
    await row.locator('[data-col="verified"]').getByText(/^1/).waitFor();
    expect(await text(row.locator('.badge'))).toBe('used');
    expect(await text(row.locator('[data-col="uses"]'))).toBe('1 / 1');
    expect(await row.getByRole('button', { name: 'Disable' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Payments' }).click();
    const payment = page.locator(`#links tr[data-detail="${single.id}"] tr[data-payment]`);
    await payment.waitFor();
    expect((await payment.locator('td').allTextContents()).slice(1)).toEqual(['Rs 4,500.00', 'verified', 'Sana Tariq', '03001234567']);
    await accessible('payments unfolded');
  });

  it('disables a link after asking, and its page then takes no payment', async () => {
    const [counter] = (await linksOf(shop)).filter((link) => link.description === 'Counter');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Stop "Counter" taking payments? Payments already made through it go on.');
      void dialog.accept();
    });
    await rowOf(counter.code).getByRole('button', { name: 'Disable' }).click();
    await rowOf(counter.code).locator('.badge', { hasText: 'disabled' }).waitFor();
    expect((await linksOf(shop)).find((link) => link.id === counter.id)?.status).toBe('disabled');
    expect((await fetch(`${origin()}/pay/${counter.code}`)).status).toBe(410);
  });

  it('shows a shop its own links only, and another key another shop’s', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(await page.evaluate("sessionStorage.getItem('pvs.merchant.key')")).toBeNull();
    await signIn(other.apiKey);
    await page.locator('#links').getByText('No link yet: create one above.').waitFor();
    expect(await page.locator('#links tr[data-link]').count()).toBe(0);
  });

  it('raised no script error and broke no content rule', () => {
    expect(problems).toEqual([]);
  });
});
