/**
 * Reports and moderation in real Chromium: an account reports a player from the profile (the
 * dialog: reason and text); a moderator (granted by scripts/admin.ts) finds the report on /mod,
 * looks the player up, marks the account (engine) with a reason and closes the report; the
 * profile then shows the mark.
 */
import type { Browser } from 'playwright-core';
import { admin } from '../../scripts/admin.js';
import { CONFIG, type Config } from '../../src/config.js';
import { http, type Server } from '../e2e/harness.js';
import { logIn, openPage, SHOTS, signUp, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
const MOD = 'Mona_mod';
const TARGET = 'Tess_target';

beforeAll(async () => {
  ({ server, browser } = await startBrowserSuite());
  for (const username of [MOD, TARGET]) {
    const r = await http(server, 'POST', '/api/accounts', {
      username,
      password: 'a long password',
    });
    expect(r.status).toBe(201);
  }
  // The role from the command line's own code, on this suite's database (stopped meanwhile).
  const config = server.app.get<Config>(CONFIG);
  await server.stop();
  const env = config.databaseUrl
    ? { DATABASE_URL: config.databaseUrl }
    : { DATA_DIR: config.dataDir };
  const quiet = { log: () => undefined, error: () => undefined };
  expect(await admin(['mod', 'grant', MOD], env, quiet)).toBe(0);
  server = await server.restart();
}, 180_000);
afterAll(() => stopBrowserSuite({ server, browser }));

test('a player reported from the profile; a moderator marks the account from /mod', async () => {
  const reporter = await openPage(browser, `${server.url}/`, { consoleErrors: 'fail' });
  await signUp(reporter, 'Rita_rep');
  await reporter.goto(`${server.url}/@/${TARGET}`);
  await reporter.waitForSelector('#safety:not([hidden])');
  await reporter.click('#report');
  await reporter.selectOption('#report-reason', 'cheating');
  await reporter.fill('#report-text', 'engine moves all game');
  await reporter.click('#report-send');
  await reporter.waitForSelector('#report-dialog', { state: 'detached' });
  await reporter.waitForFunction(() =>
    document.body.textContent?.includes('the moderators will look at it'),
  );

  const mod = await openPage(browser, `${server.url}/`, { consoleErrors: 'fail' });
  await logIn(mod, MOD);
  await mod.goto(`${server.url}/mod`);
  const row = mod.locator('#mod-report-rows tr', { hasText: 'engine moves all game' });
  await row.waitFor();
  expect(await row.textContent()).toContain('Rita_rep');
  await row.getByRole('button', { name: TARGET }).click();
  await mod.waitForSelector('#mod-player:not([hidden])');
  await mod.fill('#mod-why', 'engine-like accuracy');
  await mod.click('#mod-marks button[data-mark="engine"]');
  await mod.waitForSelector('#mod-marks button[data-mark="engine"][aria-pressed="true"]');
  await row.getByRole('button', { name: 'Close' }).click();
  await mod.waitForSelector('#mod-no-reports:not([hidden])');
  // The log says who did what and why.
  await mod.waitForFunction(() =>
    document.querySelector('#mod-log')?.textContent?.includes('engine-like accuracy'),
  );
  expect(await mod.textContent('#mod-log')).toContain(`${MOD} · mark ${TARGET} engine`);
  await mod.screenshot({ path: `${SHOTS}/mod-page.png`, fullPage: true });

  await reporter.goto(`${server.url}/@/${TARGET}`);
  await reporter.waitForSelector('#marks:not([hidden])');
  expect(await reporter.textContent('#marks')).toBe('Marked by the moderators: engine');
});

test('/mod says "moderators only" to anyone else', async () => {
  const page = await openPage(browser, `${server.url}/mod`);
  await page.waitForSelector('#mod-denied:not([hidden])');
});
