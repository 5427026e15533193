/**
 * A rated game in real Chromium: two people sign up, tick "Rated", are paired, see each other's
 * provisional 1500, one resigns, both see the change ("1500 → 1612 (+112)"); each profile page
 * then shows it (the ratings table, the history chart over the days around its one game, the
 * game in the list).
 */
import type { Browser, Page } from 'playwright-core';
import { type Server } from '../e2e/harness.js';
import { openPage, SHOTS, signUp, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));

async function queueRated(page: Page): Promise<void> {
  await page.selectOption('#variant', 'english');
  await page.selectOption('#clock', '180000+2000');
  await page.check('#rated');
  await page.click('#play');
}

test('sign up, play a rated game, see the change in the game and on both profiles', async () => {
  const [ana, ben] = [await openPage(browser, server.url), await openPage(browser, server.url)];
  // A guest may not tick "Rated".
  expect(await ana.isDisabled('#rated')).toBe(true);
  await signUp(ana, 'Ana_r');
  await signUp(ben, 'Ben_r');
  expect(await ana.isDisabled('#rated')).toBe(false);
  await queueRated(ana);
  await queueRated(ben);
  for (const p of [ana, ben]) await p.waitForSelector('#game:not([hidden])');
  expect(await ana.textContent('#top-player')).toMatch(/Ben_r \((white|black)\) 1500\?/);
  expect(await ana.textContent('#bottom-player')).toMatch(/Ana_r \((white|black)\) 1500\?/);

  await ana.click('#resign');
  await ana.click('#resign-confirm');
  for (const p of [ana, ben]) await p.waitForSelector('#banner:not([hidden])');
  // Before, after, and the change: never read as a rating of -242.
  const gain = Number(/\(\+(\d+)\)/.exec((await ben.textContent('#banner')) ?? '')?.[1]);
  expect(gain).toBeGreaterThan(100); // two newcomers at RD 500
  expect(await ana.textContent('#banner')).toContain(
    `Your rating: 1500 → ${1500 - gain} (−${gain}).`,
  );
  expect(await ben.textContent('#banner')).toContain(
    `Your rating: 1500 → ${1500 + gain} (+${gain}).`,
  );
  expect(await ben.textContent('#bottom-player')).toContain(`+${gain}`);
  await ben.screenshot({ path: `${SHOTS}/rated-game-end.png` });

  // Both profiles, from the link in the header.
  await ben.click('#account-name');
  await ben.waitForSelector('#profile:not([hidden])');
  expect(await ben.textContent('#username')).toBe('Ben_r');
  expect(await ben.textContent('#record')).toBe('1 game: 1 won, 0 drawn, 0 lost');
  expect(await ben.textContent('#ratings')).toContain(`${1500 + gain}?`);
  await ben.waitForSelector('#chart canvas');
  // One game: the time axis is the days around it, not years (2027-2029 for a game of today).
  await ben.waitForSelector('#chart[data-to]');
  const span = await ben.$eval('#chart', (c) => [Number(c.dataset.from), Number(c.dataset.to)]);
  const playedAt = Date.now() / 1000;
  expect(span[0]).toBeGreaterThanOrEqual(playedAt - 2 * 86_400);
  expect(span[0]).toBeLessThan(playedAt);
  expect(span[1]).toBeGreaterThan(playedAt);
  expect(span[1]).toBeLessThanOrEqual(playedAt + 2 * 86_400);
  expect(await ben.locator('#games tr').count()).toBe(1);
  expect(await ben.textContent('#games tr')).toContain(`+${gain}`);
  expect(await ben.textContent('#games tr')).toContain('won');
  await ben.screenshot({ path: `${SHOTS}/profile.png`, fullPage: true });
  await ben.locator('#chart').screenshot({ path: `${SHOTS}/profile-chart-one-game.png` });
  // The list's link shows the finished game.
  await ben.click('#games tr a:text("view")');
  await ben.waitForSelector('#game:not([hidden]) #banner:not([hidden])');
  expect(await ben.textContent('#banner')).toContain('resigned');

  await ana.goto(`${server.url}/@/ana_r`);
  await ana.waitForSelector('#profile:not([hidden])');
  expect(await ana.textContent('#record')).toBe('1 game: 0 won, 0 drawn, 1 lost');
  expect(await ana.textContent('#ratings')).toContain(`${1500 - gain}?`);
  expect(await ana.textContent('#games tr')).toContain('lost');
  // The opponent's name leads to their profile.
  await ana.click('#games tr a[href^="/@/"]');
  await ana.waitForFunction(() => document.querySelector('#username')?.textContent === 'Ben_r');
});
