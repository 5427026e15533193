/**
 * The lobby's quick pairing in real Chromium: one click from `/` to a search as a guest who gave
 * no name (a second click cancels it; two strangers on one tile are paired, each shown as
 * "Anonymous"), two clicks to a game against the computer, correspondence through a seek, the
 * variant remembered, and the colour scheme (the system's, then the setting's).
 */
import type { Browser, Page } from 'playwright-core';
import { type Server } from '../e2e/harness.js';
import { openPage, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));

const tile = (page: Page, id: string) => page.locator(`[data-tile="${id}"]`);
const pressed = (page: Page, id: string) => tile(page, id).getAttribute('aria-pressed');

test('one click on a clock searches as a guest, a second cancels; two strangers are paired', async () => {
  const a = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await tile(a, '3+2').click();
  await a.waitForSelector('[data-tile="3+2"][aria-pressed="true"]');
  expect(await a.textContent('#quick-status')).toContain('3+2');
  // The guest was made unnamed: no name was asked.
  const identity = await a.evaluate(() => localStorage.getItem('damas.identity'));
  expect(JSON.parse(identity!).name).toBe('guest');
  await tile(a, '3+2').click();
  await a.waitForSelector('[data-tile="3+2"][aria-pressed="false"]');
  expect(await a.textContent('#quick-status')).toBe('');

  // Searching again, and a second stranger on the same tile: a game for both.
  await tile(a, '3+2').click();
  await a.waitForSelector('[data-tile="3+2"][aria-pressed="true"]');
  const b = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await tile(b, '3+2').click();
  await Promise.all([a, b].map((p) => p.waitForSelector('#game:not([hidden])')));
  for (const p of [a, b]) {
    expect(await p.textContent('#game-terms')).toContain('3+2');
    expect(await p.textContent('#top-player')).toContain('Anonymous');
    expect(await p.textContent('#bottom-player')).toContain('Anonymous');
  }
  await a.context().close();
  await b.context().close();
});

test('two quick clicks on a tile: searched, then cancelled, in that order (no refusal)', async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.waitForSelector('[data-tile="5+0"]');
  // Every state the tile goes through, in order.
  await page.evaluate(() => {
    const b = document.querySelector<HTMLButtonElement>('[data-tile="5+0"]')!;
    const seen: string[] = [b.getAttribute('aria-pressed')!];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const v = b.getAttribute('aria-pressed')!;
      if (seen.at(-1) !== v) seen.push(v);
    }).observe(b, { attributes: true, attributeFilter: ['aria-pressed'] });
    b.click();
    b.click();
  });
  await page.waitForFunction(() => {
    const seen = (window as unknown as { seen: string[] }).seen;
    return seen.join() === 'false,true,false';
  });
  // Settled: no third state, and no refusal said.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
    'false',
    'true',
    'false',
  ]);
  expect(await page.isVisible('#message')).toBe(false);
  await page.context().close();
});

test("a tile clicked while the form's search stands replaces it; a set-up position is refused", async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.selectOption('#clock', '60000+0');
  await page.click('#play');
  await page.waitForSelector('#waiting:not([hidden])');
  await tile(page, '10+0').click();
  await page.waitForSelector('[data-tile="10+0"][aria-pressed="true"]');
  expect(await page.isVisible('#message')).toBe(false);
  // A stranger on 10+0 is paired with it: the search that stands is the tile's.
  const other = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await tile(other, '10+0').click();
  await Promise.all([page, other].map((p) => p.waitForSelector('#game:not([hidden])')));
  expect(await page.textContent('#game-terms')).toContain('10+0');
  await other.context().close();
  // From the editor's position: the clocks say it is for the computer or a friend.
  await page.goto(`${server.url}/?variant=russian&fen=W:W21,22,23:B1,2,3#computer`);
  await tile(page, '3+0').click();
  await page.waitForSelector('#message:not([hidden])');
  expect(await page.textContent('#message')).toContain('computer or a friend');
  expect(await page.inputValue('#quick-variant')).toBe('russian');
  await page.click('#quick-computer-open');
  await page.click('#quick-levels [data-level="1"]');
  await page.waitForSelector('#game:not([hidden])');
  expect(await page.locator('#board .piece').count()).toBe(6);
  await page.context().close();
});

test('two clicks to a game against the computer, in the variant chosen (remembered)', async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.selectOption('#quick-variant', 'russian');
  await page.reload();
  expect(await page.inputValue('#quick-variant')).toBe('russian');
  // The forms below start from it too.
  expect(await page.inputValue('#variant')).toBe('russian');
  expect(await page.inputValue('#friend-variant')).toBe('russian');
  // Two clicks: the computer's tile, then its level (the colour is random unless chosen).
  await page.click('#quick-computer-open');
  await page.selectOption('#quick-color', 'white');
  await page.click('#quick-levels [data-level="1"]');
  await page.waitForSelector('#game:not([hidden])');
  expect(await page.textContent('#game-terms')).toContain('Russian');
  expect(await page.textContent('#top-player')).toContain('Computer level 1');
  await page.context().close();
});

test('correspondence: a seek listed with one click, taken by the next stranger with one', async () => {
  const a = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await tile(a, 'corr').click();
  await a.waitForSelector('[data-tile="corr"][aria-pressed="true"]');
  const b = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await b.waitForSelector('#seeks .seek');
  expect(await pressed(b, 'corr')).toBe('false');
  await tile(b, 'corr').click();
  await Promise.all([a, b].map((p) => p.waitForSelector('#game:not([hidden])')));
  expect(await b.textContent('#game-terms')).toMatch(/2 days/);
  await a.context().close();
  await b.context().close();
});

test("the colours follow the system's scheme, and the setting overrides it", async () => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('[data-tile="1+0"]');
  const background = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const dark = await background();
  expect(dark).toBe('rgb(22, 21, 18)');
  await page.click('#settings-open');
  await page.selectOption('#set-colorScheme', 'light');
  expect(await background()).toBe('rgb(243, 240, 235)');
  // Kept: the next page load is light too, whatever the system says.
  await page.reload();
  await page.waitForSelector('[data-tile="1+0"]');
  expect(await background()).toBe('rgb(243, 240, 235)');
  await page.click('#settings-open');
  await page.selectOption('#set-colorScheme', 'system');
  expect(await background()).toBe(dark);
  await context.close();
});
