/**
 * The browser client in real Chromium: two players queue and are paired, click moves, reload in
 * the middle of a game, get a message for a move that cannot be played, and finish a forced
 * line from a custom start. Screenshots go to artifacts/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { http, type Server } from '../e2e/harness.js';
import {
  customMatch,
  openPage,
  queue,
  SHOTS,
  shownGame,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));

const open = (): Promise<Page> => openPage(browser, server.url);
const label = (page: Page, sq: number) => square(page, sq).getAttribute('aria-label');

test('queue, pair, click moves, reload, and a refused click', async () => {
  const a = await open();
  const b = await open();
  await a.screenshot({ path: `${SHOTS}/lobby.png` });
  await queue(a, 'Ana', 'brazilian');
  await queue(b, 'Bruno', 'brazilian');
  await a.waitForSelector('#game:not([hidden])');
  await b.waitForSelector('#game:not([hidden])');
  expect(await a.locator('#board .piece').count()).toBe(24);

  // Whoever got white: their colour at the bottom, square 22 below square 9.
  const aIsWhite = (await a.textContent('#bottom-player'))?.includes('(white)');
  const [white, black] = aIsWhite ? [a, b] : [b, a];
  expect(await black.textContent('#bottom-player')).toContain('(black)');
  const y = async (p: Page, sq: number) => Number(await square(p, sq).getAttribute('y'));
  expect(await y(white, 22)).toBeGreaterThan(await y(white, 9));
  expect(await y(black, 22)).toBeLessThan(await y(black, 9));

  // A piece that cannot move: a message, and no move.
  await square(white, 29).click();
  await expect(white.locator('#message')).toBeTruthy();
  await white.waitForSelector('#message:not([hidden])');
  expect(await white.textContent('#message')).toContain('no legal move');

  // Select 22: its destinations are highlighted; play 22-18.
  await square(white, 22).click();
  await white.waitForSelector('[data-target="18"]');
  expect(await white.locator('[data-target]').count()).toBe(2);
  await white.screenshot({ path: `${SHOTS}/game-highlighted.png` });
  await square(white, 18).click();
  await black.waitForFunction(() =>
    document
      .querySelector('rect[data-square="18"]')
      ?.getAttribute('aria-label')
      ?.includes('white man'),
  );
  expect(await label(white, 22)).toContain('empty');
  expect(await black.textContent('#moves')).toContain('22-18');

  // Black clicks a white piece: told so, nothing moves.
  await square(black, 18).click();
  await black.waitForSelector('#message:not([hidden])');
  expect(await black.textContent('#message')).toContain('not your piece');

  // Reload black's page in the middle of the game: the game comes back.
  await black.reload();
  await black.waitForSelector('#game:not([hidden])');
  expect(await label(black, 18)).toContain('white man');
  expect(await black.textContent('#status')).toBe('Your move');
  await square(black, 11).click();
  await black.waitForSelector('[data-target="15"]');
  await square(black, 15).click();
  await white.waitForFunction(() =>
    document.querySelector('#moves')?.textContent?.includes('11-15'),
  );
  const matchId = await shownGame(white);
  expect((await http(server, 'GET', `/api/matches/${matchId}`)).body.ply).toBe(2);
  await a.context().close();
  await b.context().close();
});

test('a forced line from a custom start, clicked to the end', async () => {
  const w = await open();
  const b = await open();
  const created = await customMatch(server, w, b, 'W:W6,11:B7,12');
  expect(created.status).toBe(201);
  await b.waitForSelector('#game:not([hidden])');

  await square(w, 11).click();
  await square(w, 2).click(); // 11x2, crowned
  await b.waitForFunction(() =>
    document
      .querySelector('rect[data-square="2"]')
      ?.getAttribute('aria-label')
      ?.includes('white king'),
  );
  await square(b, 12).click();
  await square(b, 16).click();
  await w.waitForFunction(() =>
    document
      .querySelector('rect[data-square="16"]')
      ?.getAttribute('aria-label')
      ?.includes('black man'),
  );
  await square(w, 2).click();
  await square(w, 20).click(); // 2x20 with the new king: the last black piece
  await w.waitForSelector('#banner:not([hidden])');
  await b.waitForSelector('#banner:not([hidden])');
  expect(await w.textContent('#banner')).toContain('White wins: Black has no pieces left.');
  expect(await b.textContent('#banner')).toContain('White wins: Black has no pieces left.');
  expect(await w.textContent('#moves')).toContain('11x2');
  expect(await w.textContent('#moves')).toContain('2x20');
  await w.screenshot({ path: `${SHOTS}/game-finished.png` });
  const state = (await http(server, 'GET', `/api/matches/${created.body.id}`)).body;
  expect(state.result).toEqual({ winner: 'white', reason: 'no-pieces' });
});
