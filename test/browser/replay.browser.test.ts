/**
 * Stepping through a game in real Chromium: its permanent link (/game/:id, /game/:id#ply) opened
 * by a visitor, the buttons, the arrow keys and the move list, with the board, the captured
 * pieces and the highlighted move in step.
 */
import type { Browser, Page } from 'playwright-core';
import { playedGame, type Server } from '../e2e/harness.js';
import { openPage, SHOTS, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (path: string): Promise<Page> =>
  openPage(browser, server.url + path, { consoleErrors: 'fail' });

const where = (page: Page) => page.textContent('#replay-where');
const holds = (page: Page, sq: number) =>
  page.getAttribute(`rect[data-square="${sq}"]`, 'aria-label');

test('a finished game stepped through by link, buttons, keys and the move list', async () => {
  // Six plies of the first legal move (with captures), played through the server, then resigned.
  const { id, positions, texts } = await playedGame(server, 'brazilian', 6);
  const lost = positions.map((p) => 24 - p.pieces().length);
  expect(lost[6]).toBeGreaterThan(0); // the first legal moves do capture

  // A visitor opens the game's link: the end is shown.
  const page = await open(`/game/${id}`);
  await page.waitForSelector('#game:not([hidden])');
  expect(await where(page)).toBe('After ply 6 (the end)');
  expect(await page.getAttribute('#replay-next', 'aria-disabled')).toBe('true');
  expect(await page.getAttribute('#game-link', 'href')).toBe(`/game/${id}`);

  // Home: the start position; the address says #0.
  await page.keyboard.press('Home');
  expect(await where(page)).toBe('Start position, of 6 plies');
  expect(await holds(page, 22)).toContain('white man');
  expect(await page.textContent('#replay-captured')).toBe('Captured: 0 black, 0 white');
  expect(await page.evaluate(() => location.hash)).toBe('#0');
  // A click on the board of a finished game changes nothing: still the start.
  await page.click('rect[data-square="22"]');
  expect(await where(page)).toBe('Start position, of 6 plies');
  // Right arrow and the Forward button: one ply each, the board and the list in step.
  await page.keyboard.press('ArrowRight');
  expect(await where(page)).toBe(`After ply 1 of 6: ${texts[0]}`);
  const [from, to] = texts[0].split('-').map(Number);
  expect(await holds(page, from)).toContain('empty');
  expect(await holds(page, to)).toContain('white man');
  expect(await page.textContent('#moves [aria-current]')).toBe(texts[0]);
  await page.click('#replay-next');
  expect(await where(page)).toBe(`After ply 2 of 6: ${texts[1]}`);
  // A move clicked in the list: its position, with what was captured by then.
  await page.click('#moves [data-ply="4"]');
  expect(await where(page)).toBe(`After ply 4 of 6: ${texts[3]}`);
  const total = lost[4];
  const shown = (await page.textContent('#replay-captured')) ?? '';
  const [b, w] = (/Captured: (\d+) black, (\d+) white/.exec(shown) ?? []).slice(1).map(Number);
  expect(b + w).toBe(total);
  expect(await page.evaluate(() => location.hash)).toBe('#4');
  await page.screenshot({ path: `${SHOTS}/game-replay.png` });
  // Left arrow back one; End back to the end (the address drops the ply).
  await page.keyboard.press('ArrowLeft');
  expect(await where(page)).toBe(`After ply 3 of 6: ${texts[2]}`);
  await page.keyboard.press('End');
  expect(await where(page)).toBe('After ply 6 (the end)');
  expect(await page.evaluate(() => location.hash)).toBe('');

  // The link with a ply opens at that ply.
  const at2 = await open(`/game/${id}#2`);
  await at2.waitForSelector('#game:not([hidden])');
  await at2.waitForFunction(
    (t) => document.querySelector('#replay-where')?.textContent === t,
    `After ply 2 of 6: ${texts[1]}`,
  );
});
