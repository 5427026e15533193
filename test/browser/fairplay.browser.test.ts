/**
 * Your data in real Chromium: an account opens "Your data" from the settings, finds its
 * downloads, is refused with a wrong password, then closes its account and is a visitor again.
 */
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { DataSource } from 'typeorm';
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

test("an account's playban is shown on the lobby as it loads, with its reason", async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.waitForSelector('#signup-open:not([hidden])');
  await page.click('#signup-open');
  await page.fill('#account-username', 'Aborter');
  await page.fill('#account-password', 'a long password');
  await page.click('#account-submit');
  await page.waitForSelector('#logout:not([hidden])');
  expect(await page.isHidden('#playban')).toBe(true);
  // A ban as the rule would give it (three aborts), written as fair play writes it.
  await server.app.get(DataSource).query(
    `INSERT INTO playbans (player_id, reason, started_at, until)
       SELECT id, 'abort', now(), now() + interval '5 minutes' FROM players WHERE username = $1`,
    ['Aborter'],
  );
  // An account speaks by its cookie (no key): the lobby reads the ban as it loads.
  await page.reload();
  await page.waitForSelector('#playban:not([hidden])');
  expect(await page.textContent('#playban')).toContain('games aborted');
  await page.context().close();
});
