import { existsSync } from 'node:fs';
import { Browser, Page, chromium } from 'playwright-core';

/** Debian's Chromium, which the browser suites drive (playwright-core brings no browser of its own). */
export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium, headless, for a suite that opens its own contexts. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM });
}

/**
 * Sends the page's script errors and Content-Security-Policy violations (reported as console errors) to `problems`.
 * Failed loads are left out: the pages answer 4xx on purpose, and the console reports each of them.
 */
export function watchForProblems(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
}

/** Chromium on an empty page whose script errors and CSP violations go to `problems`, and whose timers run only when a test advances them. */
export async function openChromium(problems: string[]): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  watchForProblems(page, problems);
  await page.clock.install();
  return { browser, page };
}

/** Runs in Debian's Chromium; skipped with a hint without it, failed under CI=true. */
export function describeWithChromium(name: string, body: () => void): void {
  const hint = `${CHROMIUM} is missing: install the Debian package (apt-get install -y chromium)`;
  if (existsSync(CHROMIUM)) {
    describe(name, body);
  } else if (process.env.CI === 'true') {
    describe(name, () => it('needs Chromium', () => {
      throw new Error(hint);
    }));
  } else {
    console.warn(`Skipping "${name}": ${hint}.`);
    describe.skip(name, body);
  }
}
