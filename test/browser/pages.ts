/** What the browser tests share: Chromium as CI has it, a page of the app, the lobby's form. */
import { chromium, type Browser, type Page } from 'playwright-core';
import { http } from '../e2e/harness.js';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A new page of the app at `url`; a page error fails the test (a console error too, if asked). */
export async function openPage(
  browser: Browser,
  url: string,
  opts: { consoleErrors?: 'fail' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  if (opts.consoleErrors === 'fail')
    page.on('console', (m) => {
      if (m.type() === 'error') throw new Error(`console error: ${m.text()}`);
    });
  await page.goto(url);
  return page;
}

/** Fills the lobby's form and queues (clock '' = untimed). */
export async function queue(page: Page, name: string, variant: string, clock = ''): Promise<void> {
  await page.fill('#name', name);
  await page.selectOption('#variant', variant);
  await page.selectOption('#clock', clock);
  await page.click('#play');
  await page.waitForSelector('#waiting:not([hidden]), #game:not([hidden])');
}

export const square = (page: Page, sq: number) => page.locator(`rect[data-square="${sq}"]`);

/** The guest identity this page keeps. */
export const playerId = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('damas.identity') ?? '{}') as { id: string }).id,
  );

/**
 * Two pages in a brazilian match from `fen` (test API), White first: their identities come
 * through the lobby (queued for different variants, then cancelled, so they are not paired).
 */
export async function customMatch(
  server: { url: string },
  w: Page,
  b: Page,
  fen: string,
): Promise<{ status: number; body: { id: string } }> {
  await queue(w, 'Wanda', 'pool');
  await queue(b, 'Boris', 'czech');
  await w.click('#cancel');
  await b.click('#cancel');
  await w.waitForSelector('#waiting', { state: 'hidden' });
  const created = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    fen,
    whiteId: await playerId(w),
    blackId: await playerId(b),
  });
  await w.waitForSelector('#game:not([hidden])');
  return created;
}
