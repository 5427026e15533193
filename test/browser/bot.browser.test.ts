/**
 * A person against a bot in real Chromium: the bot (examples/bot, our engine) runs in this test
 * through the Bot API; the person signs up, challenges it by name, and the page goes into the
 * game with the bot marked BOT; the person's move is answered by the bot's; the person resigns.
 */
import type { Browser } from 'playwright-core';
import { http, newAccount, type Server } from '../e2e/harness.js';
import { engineChooser } from '../../examples/bot/bot.js';
import { runBot } from '../../examples/bot/runner.js';
import { openPage, SHOTS, signUp, square, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));

test('a person challenges a bot by name and plays it; the bot answers through the Bot API', async () => {
  const account = await newAccount(server, 'Robo_b');
  const made = await http(
    server,
    'POST',
    '/api/tokens',
    { description: 'bot', scopes: ['bot:play', 'challenge:read', 'challenge:write'] },
    account.token,
  );
  const api = { url: server.url, token: made.body.token as string };
  expect(
    (await http(server, 'POST', '/api/bot/account/upgrade', undefined, api.token)).status,
  ).toBe(200);
  const stop = new AbortController();
  const running = runBot(api, engineChooser(30), { log: () => undefined, signal: stop.signal });

  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await signUp(page, 'Pia_b');
  await page.selectOption('#friend-variant', 'russian');
  await page.selectOption('#friend-time', '');
  await page.selectOption('#friend-color', 'white');
  await page.fill('#friend-to', 'Robo_b');
  await page.click('#friend-create');
  // The bot accepts from its event stream: the page goes into the game.
  await page.waitForSelector('#game:not([hidden])', { timeout: 10_000 });
  expect(await page.textContent('#top-player')).toContain('Robo_b');
  expect(await page.locator('#top-player .title-bot').textContent()).toBe('BOT');
  expect(await page.textContent('#bottom-player')).toContain('Pia_b (white)');

  await square(page, 22).click();
  await page.waitForSelector('[data-target="18"]');
  await square(page, 18).click();
  // The bot's answer arrives on the board and in the move list.
  await page.waitForFunction(
    () => (document.querySelector('#moves')?.textContent ?? '').match(/22-18\D+\d+[-x]\d+/),
    undefined,
    { timeout: 10_000 },
  );
  expect(await page.textContent('#status')).toBe('Your move');
  await page.screenshot({ path: `${SHOTS}/bot-game.png` });

  await page.click('#resign');
  await page.click('#resign-confirm');
  await page.waitForSelector('#banner:not([hidden])');
  expect(await page.textContent('#banner')).toContain('White resigned: Black wins.');
  stop.abort();
  const { errors } = await running;
  expect(errors).toEqual([]);
});
