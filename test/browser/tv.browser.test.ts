/**
 * TV in real Chromium: reached from the header, /tv shows the best live game from its featured
 * player's side, follows its moves, and takes the next game when it ends without a reload; a
 * variant's channel with nothing live says so, at its own address.
 */
import type { Browser, Page } from 'playwright-core';
import { connect, expectOk, http, newAccount, type Player, type Server } from '../e2e/harness.js';
import { Position } from '../../src/rules/index.js';
import { openPage, SHOTS, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));

async function game(white: Player, black: Player, rated: boolean): Promise<string> {
  const r = await http(server, 'POST', '/api/test/matches', {
    variant: 'international',
    whiteId: white.id,
    blackId: black.id,
    clock: { initial: 600_000, increment: 0 },
    rated,
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

const shownGame = (page: Page) =>
  page.$eval('#tv-game', (e) =>
    (e as HTMLElement).hidden ? null : (e as HTMLElement).dataset.gameId,
  );

test('/tv and a channel are pages', async () => {
  for (const path of ['/tv', '/tv/brazilian']) {
    const r = await http(server, 'GET', path);
    expect({ path, status: r.status }).toEqual({ path, status: 200 });
    expect(r.text).toContain('<div id="page">');
  }
});

test('/tv follows the best game move by move, then the next one when it ends', async () => {
  const [ana, bia, caio, dora] = await Promise.all(
    ['ana', 'bia', 'caio', 'dora'].map((n) => newAccount(server, `Tv_${n}`)),
  );
  const first = await game(ana, bia, true);
  const second = await game(caio, dora, false);

  const page = await openPage(browser, `${server.url}/`, { consoleErrors: 'fail' });
  await page.waitForSelector('#lobby:not([hidden])');
  await page.click('#tv-nav');
  await page.waitForSelector('#tv-game:not([hidden])');
  expect(new URL(page.url()).pathname).toBe('/tv');
  expect(await page.getAttribute('#tv-nav', 'aria-current')).toBe('page');
  expect(await shownGame(page)).toBe(first);
  expect(await page.title()).toBe('Damas TV: Best game');
  // Both 1500: white's side at the bottom, names linked to their profiles, 10 minutes each.
  expect(await page.textContent('#tv-bottom')).toBe('Tv_ana 1500');
  expect(await page.textContent('#tv-top')).toBe('Tv_bia 1500');
  expect(await page.getAttribute('#tv-bottom a', 'href')).toBe('/@/Tv_ana');
  expect(await page.textContent('#tv-bottom-clock')).toBe('10:00');
  expect(await page.textContent('#tv-caption')).toBe('International (10x10): White to play.');
  expect(await page.getAttribute('#tv-watch', 'href')).toBe(`/game/${first}`);
  expect(await page.locator('#tv-board .piece').count()).toBe(40);
  expect(await page.locator('#tv-board .last-move').count()).toBe(0);

  // A move: the board shows it (its squares marked), and black is to play.
  const m = Position.initial('international').legalMoves()[0];
  const moved = await http(
    server,
    'POST',
    `/api/matches/${first}/moves`,
    { path: m.path },
    ana.token,
  );
  expect(moved.status).toBe(201);
  await page.waitForSelector('#tv-board .last-move');
  expect(await page.locator('#tv-board .last-move').count()).toBe(m.path.length);
  await page.waitForFunction(() =>
    document.querySelector('#tv-caption')?.textContent?.includes('Black'),
  );
  await page.screenshot({ path: `${SHOTS}/tv.png` });

  // It ends: the page takes the next game by itself.
  const c = await connect(server, bia.token);
  expectOk(await c.emit('match:resign', { matchId: first }));
  c.close();
  await page.waitForFunction(
    (id) => (document.querySelector('#tv-game') as HTMLElement).dataset.gameId === id,
    second,
  );
  expect(await page.textContent('#tv-bottom')).toBe('Tv_caio 1500');
  expect(await page.locator('#tv-board .last-move').count()).toBe(0);

  // Another channel, picked: its address, and nothing live there.
  await page.selectOption('#tv-channel', 'russian');
  await page.waitForSelector('#tv-off:not([hidden])');
  expect(new URL(page.url()).pathname).toBe('/tv/russian');
  expect(await page.isHidden('#tv-game')).toBe(true);
  expect(await page.textContent('#tv-title')).toBe('Damas TV: Russian');
  // Back: the best game again.
  await page.goBack();
  await page.waitForFunction(
    (id) => (document.querySelector('#tv-game') as HTMLElement).dataset.gameId === id,
    second,
  );
  await page.context().close();
});
