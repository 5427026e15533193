/**
 * Your data in real Chromium: an account opens "Your data" from the settings, finds its
 * downloads, is refused with a wrong password, then closes its account and is a visitor again.
 */
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { http, type Server } from '../e2e/harness.js';
import { openPage, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));

test('close my account from the settings: downloads offered, the password confirms', async () => {
  // Console errors are allowed: Chromium logs the wrong password's 401 as one.
  const page = await openPage(browser, server.url);
  await page.waitForSelector('#signup-open:not([hidden])');
  await page.click('#signup-open');
  await page.fill('#account-username', 'Leaver');
  await page.fill('#account-password', 'a long password');
  await page.click('#account-submit');
  await page.waitForSelector('#logout:not([hidden])');

  await page.click('#settings-open');
  await page.click('#your-data-open');
  await page.waitForSelector('#your-data[open]');
  expect(await page.getAttribute('#export-games', 'href')).toBe(
    '/api/accounts/me/export/games.pdn',
  );
  // The download answers with this browser's session.
  const data = await page.evaluate(() =>
    fetch('/api/accounts/me/export/data.json').then((r) => r.json()),
  );
  expect(data.profile.username).toBe('Leaver');

  await page.fill('#close-password', 'not the password');
  await page.click('#close-account');
  await page.waitForSelector('#close-error:not([hidden])');
  expect(await page.textContent('#close-error')).toBe('Wrong username or password.');
  await page.screenshot({ path: resolve('artifacts/screenshots/close-account.png') });

  await page.fill('#close-password', 'a long password');
  await page.click('#close-account');
  await page.waitForSelector('#your-data', { state: 'hidden' });
  // A visitor again, once the page starts over.
  await page.waitForSelector('#signup-open:not([hidden])');
  expect(await page.isHidden('#logout')).toBe(true);
  const login = await http(server, 'POST', '/api/session', {
    username: 'Leaver',
    password: 'a long password',
  });
  expect(login.status).toBe(401);
});
