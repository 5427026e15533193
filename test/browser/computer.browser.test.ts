/**
 * Playing the computer in real Chromium: the lobby's "Play the computer", a move clicked, the
 * computer's answer on the board and in the move list, a draw offer declined, resigning; the
 * levels offered with their ratings.
 */
import type { Browser } from 'playwright-core';
import { LEVEL_RATINGS } from '../../src/engine/level-ratings.js';
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
  expect(await page.locator('#board .piece').count()).toBe(24);
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

test('the lobby offers each level with its measured rating, in the language chosen', async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  const r = LEVEL_RATINGS;
  const expected = [
    `1 · ~${r[0]} (beginner)`,
    ...[2, 3, 4, 5, 6, 7].map((n) => `${n} · ~${r[n - 1]}`),
    `8 · ~${r[7]} (strongest)`,
  ];
  // Drawn, and worded (a bare level number until then).
  await page.waitForFunction(
    () => (document.querySelector('#level option')?.textContent ?? '1') !== '1',
  );
  expect(await page.locator('#level option').allTextContents()).toEqual(expected);
  // The weakest is far below a new account's 1500, and each level is rated above the one below.
  expect(r[0]).toBeLessThan(1000);
  for (let i = 1; i < r.length; i++) expect(r[i]).toBeGreaterThan(r[i - 1]);
  expect(await page.getAttribute('#level', 'title')).toContain('scripted players');
  // Re-worded at a switch of language.
  await page.selectOption('#language', 'pt-BR');
  await page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
  expect(await page.locator('#level option').first().textContent()).toBe(
    `1 · ~${r[0]} (iniciante)`,
  );
  expect(await page.locator('#level option').last().textContent()).toBe(
    `8 · ~${r[7]} (o mais forte)`,
  );
  await page.selectOption('#level', '1');
  await page.locator('fieldset.computer').screenshot({ path: `${SHOTS}/lobby-levels.png` });
});
