/**
 * What a returning player trips on in the lobby and on the game page (issue 29), in real
 * Chromium: `/` is the lobby, never a redirect to a game (a game in progress is offered there);
 * a set-up position used once is gone.
 */
import type { Browser, Page } from 'playwright-core';
import type { Server } from '../e2e/harness.js';
import { computerGame, openPage, SHOTS, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (path = '/'): Promise<Page> =>
  openPage(browser, server.url + path, { consoleErrors: 'fail' });

/** Resigns the game shown and waits for its end. */
async function resign(page: Page): Promise<void> {
  await page.click('#resign');
  await page.click('#resign-confirm');
  await page.waitForSelector('#banner:not([hidden])');
}

test('`/` is the lobby: after a finished game, with a game in progress, from the header and the editor', async () => {
  const page = await open();
  await computerGame(page, 'Rita');
  await resign(page);
  // The game ended, "Back to lobby" never pressed: the lobby's address is the lobby.
  await page.goto(server.url);
  await page.waitForSelector('#lobby:not([hidden])');
  expect(await page.isHidden('#game')).toBe(true);
  expect(await page.isHidden('#lobby-games')).toBe(true);
  await page.waitForTimeout(500); // nothing switches to the game afterwards either
  expect(await page.isHidden('#game')).toBe(true);
  expect(await page.evaluate(() => location.pathname)).toBe('/');

  // A game in progress: offered in the lobby as a link, not forced.
  await computerGame(page, null);
  const id = await page.evaluate(() => location.pathname.split('/')[2]);
  await page.goto(server.url);
  await page.waitForSelector('#lobby-games:not([hidden])');
  await page.waitForTimeout(500);
  expect(await page.isHidden('#game')).toBe(true);
  const entry = page.locator('#lobby-games-list a');
  expect(await entry.getAttribute('href')).toBe(`/game/${id}`);
  expect(await entry.textContent()).toBe(
    'Your move · no clock Your game vs Computer level 1 · Brazilian',
  );
  await page.screenshot({ path: `${SHOTS}/lobby-game-in-progress.png` });
  await entry.click();
  await page.waitForSelector('#game:not([hidden])');
  expect(await page.evaluate(() => location.pathname)).toBe(`/game/${id}`);
  // The header's "Damas": the lobby, the game still listed there.
  await page.click('#home');
  await page.waitForSelector('#lobby:not([hidden])');
  expect(await page.evaluate(() => location.pathname)).toBe('/');
  await page.waitForSelector('#lobby-games:not([hidden])');
  await entry.click();
  await page.waitForSelector('#game:not([hidden])');
  await resign(page);

  // The editor's "Play it against the computer": the lobby with the position, then its game.
  await page.goto(`${server.url}/editor/brazilian?fen=${encodeURIComponent('W:W27,28:B5,6')}`);
  await page.click('#editor-computer');
  await page.waitForSelector('#setup:not([hidden])');
  await page.waitForTimeout(500);
  expect(await page.isHidden('#game')).toBe(true);
  expect(await page.textContent('#setup-fen')).toBe('W:W27,28:B5,6');
  await page.selectOption('#level', '1');
  await page.selectOption('#color', 'white');
  await page.click('#play-computer');
  await page.waitForSelector('#game:not([hidden])');
  expect(await page.locator('.piece').count()).toBe(4);
  // Used once: the next game starts from the usual position again.
  await resign(page);
  await page.click('#leave');
  await page.waitForSelector('#lobby:not([hidden])');
  expect(await page.isHidden('#setup')).toBe(true);
  expect(await page.isDisabled('#variant')).toBe(false);
  expect(await page.evaluate(() => location.search)).toBe('');
  await page.context().close();
});
