/**
 * The browser client's game lifecycle in real Chromium, beyond play.browser.test.ts: choosing
 * between capture paths, a timed game watched from the lobby, a draw offer declined then
 * accepted, a rematch, a resignation, leaving and reloading; a new game that starts while a tab
 * shows another one.
 */
import type { Browser, Page } from 'playwright-core';
import { http, type Server } from '../e2e/harness.js';
import {
  customMatch,
  gotoConnected,
  openPage,
  playerId,
  queue,
  shownGame,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (): Promise<Page> => openPage(browser, server.url, { consoleErrors: 'fail' });

test('several captures to one square: the player picks the path', async () => {
  const w = await open();
  const b = await open();
  const created = await customMatch(server, w, b, 'W:WK1:B6,14,18,26');
  expect(created.status).toBe(201);
  await square(w, 1).click();
  await w.waitForSelector('[data-target="31"]');
  await square(w, 31).click();
  await w.waitForSelector('#paths:not([hidden])');
  expect(await w.locator('#paths button').count()).toBe(2);
  expect(await w.textContent('#paths')).toContain('Several captures lead there');
  await w.locator('#paths button').first().click();
  await w.waitForSelector('#paths', { state: 'hidden' });
  await b.waitForFunction(() => document.querySelector('#moves')?.textContent !== '');
  expect(await b.textContent('#moves')).toContain('x31');
  expect(await b.textContent('#status')).toBe('Your move');
});

test('clock, draw offer declined and accepted, rematch, resign, watch', async () => {
  const a = await open();
  const c = await open();
  await queue(a, 'Ana', 'russian', '180000+2000');
  await queue(c, 'Cid', 'russian', '180000+2000');
  await a.waitForSelector('#game:not([hidden])');
  await c.waitForSelector('#game:not([hidden])');
  const clock = await a.textContent('[data-clock="white"]');
  expect(clock).toMatch(/^\d+:\d\d$/);
  // A spectator from the lobby.
  const s = await open();
  await s.waitForSelector('#live li button', { timeout: 8000 });
  await s.click('#live li button');
  await s.waitForSelector('#game:not([hidden])');
  expect(await s.textContent('#status')).toContain('Watching');
  expect(await s.isHidden('#resign')).toBe(true);
  await a.click('#offer-draw');
  await c.waitForSelector('#accept-draw:not([hidden])');
  expect(await a.isHidden('#offer-draw')).toBe(true);
  await c.click('#decline-draw');
  await a.waitForSelector('#message:not([hidden])');
  expect(await a.textContent('#message')).toContain('Your draw offer was declined.');
  await a.waitForSelector('#offer-draw:not([hidden])');
  await a.click('#offer-draw');
  await c.waitForSelector('#accept-draw:not([hidden])');
  await c.click('#accept-draw');
  await a.waitForSelector('#banner:not([hidden])');
  expect(await a.textContent('#banner')).toContain('Draw: the players agreed.');
  await s.waitForSelector('#banner:not([hidden])');
  expect(await s.textContent('#status')).toBe('Game over');
  await a.waitForSelector('#rematch:not([hidden])');
  await a.click('#rematch');
  await c.waitForSelector('#accept-rematch:not([hidden])');
  const first = await shownGame(a);
  await c.click('#accept-rematch');
  await a.waitForFunction((f) => !location.pathname.endsWith(`/${f}`), first);
  await a.waitForSelector('#banner', { state: 'hidden' });
  expect(await a.textContent('#moves')).toBe('');
  await a.click('#resign');
  await a.click('#resign-confirm');
  await c.waitForSelector('#banner:not([hidden])');
  expect(await c.textContent('#banner')).toContain(' resigned: ');
  await a.click('#leave');
  await a.waitForSelector('#lobby:not([hidden])');
  // Back on the page: the lobby, not the finished game.
  await a.reload();
  await a.waitForSelector('#lobby:not([hidden])');
  expect(await a.textContent('#who')).toBe('Playing as Ana');
});

test('a new game: shown by an idle tab, not over a game in progress; "my games" lists it', async () => {
  const w = await open();
  const b = await open();
  const first = (await customMatch(server, w, b, 'W:W27,28:B5,6')).body.id;
  await b.waitForSelector('#game:not([hidden])');
  // Sam watches it in one tab; another tab of his shows the lobby.
  const s = await open();
  await queue(s, 'Sam', 'czech');
  await s.click('#cancel');
  await s.waitForSelector('#waiting', { state: 'hidden' });
  await s.goto(`${server.url}/?game=${first}`);
  await s.waitForSelector('#game:not([hidden])');
  expect(await s.textContent('#status')).toContain('Watching');
  const idle = await s.context().newPage();
  await gotoConnected(idle, server.url);
  await idle.waitForSelector('#lobby:not([hidden])');

  // A move in the game Sam only watches: his "my games" is not read again for it.
  await s.waitForTimeout(500); // the reads of the page's load
  const reads: string[] = [];
  s.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/me/games') reads.push(r.url());
  });
  await square(w, 27).click();
  const target = Number(await w.locator('[data-target]').first().getAttribute('data-target'));
  await square(w, target).click();
  await s.waitForFunction(() => document.querySelector('#moves')?.textContent !== '');
  await s.waitForTimeout(600);
  expect(reads).toEqual([]);

  // A game of Sam's and Boris's starts: Sam's idle tab shows it; his tab watching a game and
  // Boris's in the middle of one stay where they are, with a word about it.
  const second = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: await playerId(b),
    blackId: await playerId(s),
  });
  expect(second.status).toBe(201);
  await idle.waitForSelector('#game:not([hidden])');
  expect(await idle.textContent('#bottom-player')).toContain('Sam (black)');
  expect(await idle.locator('#board .piece').count()).toBe(24);
  for (const p of [s, b]) {
    await p.waitForFunction(
      () =>
        document.querySelector('#message')?.textContent === 'A new game started: open My games.',
    );
    expect(await p.locator('#board .piece').count()).toBe(4);
    await p.waitForSelector(`#my-games-list button[data-match="${second.body.id}"]`, {
      state: 'attached',
    });
  }
  expect(await s.textContent('#status')).toContain('Watching');
  expect(reads.length).toBeGreaterThan(0);

  // Boris opens it from "my games" and moves: Sam's count says the game awaits his move.
  await b.click('#my-games-open');
  await b.click(`#my-games-list button[data-match="${second.body.id}"]`);
  await b.waitForFunction(() => document.querySelectorAll('#board .piece').length === 24);
  await square(b, 22).click();
  await b.waitForSelector('[data-target="18"]');
  await square(b, 18).click();
  await s.waitForFunction(() => document.querySelector('#my-games-count')?.textContent === '1');
  await idle.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your move');
  for (const p of [w, b, s]) await p.context().close();
});
