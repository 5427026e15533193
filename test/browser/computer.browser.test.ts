/**
 * Playing the computer in real Chromium: the lobby's "Play the computer", a move clicked, the
 * computer's answer on the board and in the move list, a draw offer declined, resigning.
 */
import type { Browser } from 'playwright-core';
import { type Server } from '../e2e/harness.js';
import { openPage, SHOTS, square, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));

test('choose "play the computer", play a move, the computer answers', async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.fill('#name', 'Carla');
  await page.selectOption('#variant', 'brazilian');
  await page.selectOption('#clock', '300000+3000');
  await page.selectOption('#level', '2');
  await page.selectOption('#color', 'white');
  await page.click('#play-computer');
  await page.waitForSelector('#game:not([hidden])');
  expect(await page.textContent('#top-player')).toContain('Computer level 2 (black)');
  expect(await page.textContent('#bottom-player')).toContain('Carla (white)');
  expect(await page.textContent('#status')).toBe('Your move');

  await square(page, 22).click();
  await page.waitForSelector('[data-target="18"]');
  await square(page, 18).click();
  // The computer's reply: the first line of the move list holds both plies.
  await page.waitForFunction(
    () => (document.querySelector('#moves li')?.textContent ?? '').trim().split(/\s+/).length === 2,
  );
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your move');
  expect(await page.locator('.piece').count()).toBe(24);
  await page.screenshot({ path: `${SHOTS}/computer-game.png` });

  // A draw offered at the start is declined by the computer.
  await page.click('#offer-draw');
  await page.waitForSelector('#message:not([hidden])');
  expect(await page.textContent('#message')).toContain('declined');

  await page.click('#resign');
  await page.click('#resign-confirm');
  await page.waitForSelector('#banner:not([hidden])');
  expect(await page.textContent('#banner')).toContain('White resigned: Black wins.');
  await page.waitForSelector('#rematch:not([hidden])');
});
