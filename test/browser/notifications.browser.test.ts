/**
 * The bell in real Chromium: an account's header counts a challenge made to it (live, on the
 * socket), in both of its tabs; the dropdown lists it; following its link reads it and opens the
 * challenge; "mark all read" clears the count in every tab; a kind switched off in the settings
 * makes no more.
 */
import type { Browser, Page } from 'playwright-core';
import { http, newAccount, type Server } from '../e2e/harness.js';
import {
  gotoConnected,
  openPage,
  SHOTS,
  signUp,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));

const count = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector<HTMLElement>('#notify-count');
    return c && !c.hidden ? c.textContent : '';
  });

const counted = (page: Page, n: string) =>
  page.waitForFunction((want) => {
    const c = document.querySelector<HTMLElement>('#notify-count');
    return (c && !c.hidden ? c.textContent : '') === want;
  }, n);

async function challengeFrom(username: string, to: string): Promise<string> {
  const p = await newAccount(server, username);
  const r = await http(server, 'POST', '/api/challenges', { to, days: 3 }, p.token);
  if (r.status !== 201) throw new Error(r.text);
  return (r.body as { id: string }).id;
}

test('the bell counts, opens, reads (every tab follows), and a kind can be switched off', async () => {
  const tab = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await signUp(tab, 'bellbob');
  await tab.waitForSelector('#notify-open:not([hidden])');
  expect(await count(tab)).toBe('');
  const other = await tab.context().newPage();
  await gotoConnected(other, server.url);
  await other.waitForSelector('#notify-open:not([hidden])');

  const first = await challengeFrom('bellana', 'bellbob');
  await counted(tab, '1');
  await challengeFrom('bellcaro', 'bellbob');
  await counted(tab, '2');
  await counted(other, '2');

  await tab.click('#notify-open');
  await tab.waitForSelector('#notify:not([hidden])');
  const items = tab.locator('#notify-list a');
  expect(await items.count()).toBe(2);
  expect(await items.nth(0).textContent()).toContain('bellcaro challenges you');
  expect(await items.nth(1).getAttribute('class')).toBe('unread');
  await tab.screenshot({ path: `${SHOTS}/notifications-bell.png` });

  // Its link: read, then the challenge's page (whose header counts one left).
  await items.nth(1).click();
  await tab.waitForURL(`**/challenge/${first}`);
  await counted(tab, '1');
  await counted(other, '1');

  await tab.click('#notify-open');
  await tab.click('#notify-read-all');
  await counted(tab, '');
  await counted(other, '');
  expect(await tab.locator('#notify-list a.unread').count()).toBe(0);

  // Challenges switched off in the settings: the next one makes no notice.
  await other.click('#settings-open');
  await other.uncheck('#set-notifyChallenges');
  await other.click('#settings-close');
  await other.waitForFunction(async () => {
    const r = await fetch('/api/players/me/settings');
    return ((await r.json()) as { notifyChallenges: boolean }).notifyChallenges === false;
  });
  await challengeFrom('belldan', 'bellbob');
  await new Promise((r) => setTimeout(r, 500));
  expect(await count(other)).toBe('');
  expect(await count(tab)).toBe('');
});
