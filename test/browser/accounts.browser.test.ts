/**
 * Accounts in real Chromium: a guest signs up from the header (and stays signed in across a
 * reload, by its HttpOnly cookie), logs out, fails a login, logs in, and plays as the account.
 */
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { type Server } from '../e2e/harness.js';
import { openPage, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));

async function submitAccount(
  page: Awaited<ReturnType<typeof openPage>>,
  username: string,
  password: string,
) {
  await page.fill('#account-username', username);
  await page.fill('#account-password', password);
  await page.click('#account-submit');
}

test('sign up in the header, stay signed in, log out, log in, play as the account', async () => {
  // Console errors are allowed: Chromium logs the wrong password's 401 as one.
  const page = await openPage(browser, server.url);
  await page.waitForSelector('#signup-open:not([hidden])');
  expect(await page.isHidden('#logout')).toBe(true);

  await page.click('#signup-open');
  await page.fill('#account-username', 'Dora_1');
  await page.screenshot({ path: resolve('artifacts/screenshots/sign-up.png') });
  await submitAccount(page, 'Dora_1', 'a long password');
  await page.waitForSelector('#logout:not([hidden])');
  expect(await page.textContent('#account-name')).toBe('Dora_1');
  expect(await page.inputValue('#name')).toBe('Dora_1');
  // The cookie is HttpOnly: no script can read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('damas_session');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'damas_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  });

  await page.reload();
  await page.waitForSelector('#logout:not([hidden])');
  expect(await page.textContent('#account-name')).toBe('Dora_1');

  await page.click('#logout');
  await page.waitForSelector('#signup-open:not([hidden])');
  expect(await page.isHidden('#account-name')).toBe(true);

  await page.click('#login-open');
  await submitAccount(page, 'dora_1', 'not the password');
  await page.waitForSelector('#account-error:not([hidden])');
  expect(await page.textContent('#account-error')).toBe('Wrong username or password.');
  await submitAccount(page, 'dora_1', 'a long password');
  await page.waitForSelector('#logout:not([hidden])');
  expect(await page.textContent('#account-name')).toBe('Dora_1');

  // The socket authenticates by the session cookie: play the computer as the account.
  await page.selectOption('#variant', 'english');
  await page.selectOption('#clock', '');
  await page.selectOption('#level', '1');
  await page.selectOption('#color', 'white'); // in english black moves first: the computer
  await page.click('#play-computer');
  await page.waitForSelector('#game:not([hidden])');
  expect(await page.textContent('#bottom-player')).toContain('Dora_1 (white)');
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your move');
  expect(await page.locator('#moves li').count()).toBe(1);
  await page.screenshot({ path: resolve('artifacts/screenshots/account-game.png') });
});

test("the header is one row: a guest's in English at 1100 px, an account's at 1280 px", async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.waitForSelector('#signup-open:not([hidden])');
  const height = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    return page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().height);
  };
  // A row's height: that of a window wide enough for anything.
  const row = await height(1800);
  for (const width of [1100, 1199, 1280])
    expect([width, await height(width)]).toEqual([width, row]);
  await page.click('#signup-open');
  // The longest username there may be.
  await submitAccount(page, 'Header_row_123456789', 'a long password');
  await page.waitForSelector('#logout:not([hidden])');
  const signedIn = await height(1800);
  expect(signedIn).toBe(row);
  for (const width of [1280, 1366]) expect([width, await height(width)]).toEqual([width, row]);
  await page.screenshot({ path: resolve('artifacts/screenshots/header-1366-account.png') });
  // A narrow window: the rest still under Menu.
  await page.setViewportSize({ width: 700, height: 800 });
  expect(await page.isVisible('#language')).toBe(false);
  await page.click('#menu-open');
  expect(await page.isVisible('#language')).toBe(true);
  expect(await page.isVisible('#logout')).toBe(true);
  await page.context().close();
});
