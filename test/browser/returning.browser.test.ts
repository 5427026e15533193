/**
 * What a returning player trips on in the lobby and on the game page (issue 29), in real
 * Chromium: `/` is the lobby, never a redirect to a game (a game in progress is offered there);
 * a set-up position used once is gone; the game page says what is played and flips.
 */
import type { Browser, Page } from 'playwright-core';
import { http, type Server } from '../e2e/harness.js';
import {
  computerGame,
  customMatch,
  playerId,
  openPage,
  queue,
  shownGame,
  SHOTS,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

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
  expect(await page.locator('#board .piece').count()).toBe(4);
  // Used once: the next game starts from the usual position again.
  await resign(page);
  await page.click('#leave');
  await page.waitForSelector('#lobby:not([hidden])');
  expect(await page.isHidden('#setup')).toBe(true);
  expect(await page.isDisabled('#variant')).toBe(false);
  expect(await page.evaluate(() => location.search)).toBe('');
  await page.context().close();
});

/** The two pages of a game just paired: White's first (the one whose move it is). */
async function byColour(p: Page, q: Page): Promise<[Page, Page]> {
  await p.waitForSelector('#game:not([hidden])');
  await q.waitForSelector('#game:not([hidden])');
  return (await p.textContent('#status')) === 'Your move' ? [p, q] : [q, p];
}

/** Where a square is drawn, from the top of the page. */
const top = async (page: Page, sq: number) =>
  (await page.locator(`rect[data-square="${sq}"]`).boundingBox())!.y;

test('the game page says what is played, to spectators too; the board flips (the button, f), kept for the page', async () => {
  const p = await open();
  const q = await open();
  await queue(p, 'Wes', 'brazilian', '300000+3000');
  await queue(q, 'Bea', 'brazilian', '300000+3000');
  const [w, b] = await byColour(p, q);
  expect(await w.textContent('#game-terms')).toBe('Brazilian · 5+3 · casual');
  const id = (await shownGame(w))!;
  const s = await open(`/game/${id}`);
  await s.waitForSelector('#game:not([hidden])');
  expect(await s.textContent('#status')).toContain('Watching');
  expect(await s.textContent('#game-terms')).toBe('Brazilian · 5+3 · casual');
  // White at the bottom at first: square 1 (Black's side) at the top.
  expect(await s.textContent('#bottom-player')).toContain('(white)');
  expect(await top(s, 1)).toBeLessThan(await top(s, 32));
  // `f` turns it round: Black's side, name and clock at the bottom.
  await s.keyboard.press('f');
  await s.waitForFunction(() =>
    document.querySelector('#bottom-player')?.textContent?.includes('(black)'),
  );
  expect(await top(s, 1)).toBeGreaterThan(await top(s, 32));
  expect(await s.getAttribute('#flip', 'aria-pressed')).toBe('true');
  expect(await s.textContent('#top-player')).toContain('(white)');
  await s.screenshot({ path: `${SHOTS}/game-terms-flipped.png` });
  // The button turns it back, and again.
  await s.click('#flip');
  await s.waitForFunction(() =>
    document.querySelector('#bottom-player')?.textContent?.includes('(white)'),
  );
  await s.click('#flip');
  // Kept for the page's load: another game watched is shown the same way round.
  await s.click('#leave');
  await s.waitForSelector('#live li button', { timeout: 8000 });
  await s.click('#live li button');
  await s.waitForSelector('#game:not([hidden])');
  expect(await s.textContent('#bottom-player')).toContain('(black)');
  // A player flips too: White sees Black's side at the bottom.
  expect(await top(w, 1)).toBeLessThan(await top(w, 32));
  await w.click('#flip');
  await w.waitForFunction(() =>
    document.querySelector('#bottom-player')?.textContent?.includes('(black)'),
  );
  expect(await top(w, 1)).toBeGreaterThan(await top(w, 32));
  // Against the computer, the line says which level.
  const c = await open();
  await computerGame(c, 'Cris');
  expect(await c.textContent('#game-terms')).toBe(
    'Brazilian · No clock · vs computer level 1 (~300)',
  );
  for (const p of [w, b, s, c]) await p.context().close();
});

test("before each side's first move, the page counts the time down (v1.14), to players and spectators", async () => {
  const p = await open();
  const q = await open();
  await queue(p, 'Fay', 'russian', '180000+2000');
  await queue(q, 'Gus', 'russian', '180000+2000');
  const [w, b] = await byColour(p, q);
  const s = await open(`/game/${await shownGame(w)}`);
  await s.waitForSelector('#first-move:not([hidden])');
  // Blitz: 25 s for each first move (some of it gone while the pages opened).
  expect(await w.textContent('#first-move')).toMatch(
    /^Your first move: within (1?\d|2[0-5]) s, or the game is aborted\.$/,
  );
  expect(await s.textContent('#first-move')).toMatch(
    /^White must move within (1?\d|2[0-5]) s, or the game is aborted\.$/,
  );
  const before = Number(/\d+/.exec((await s.textContent('#first-move'))!)![0]);
  await s.waitForFunction(
    (n) => Number(/\d+/.exec(document.querySelector('#first-move')?.textContent ?? '')?.[0]) < n,
    before,
  );
  // White moves: now Black's first move is counted, from its full time.
  await square(w, 22).click();
  await w.waitForSelector('[data-target="18"]');
  await square(w, 18).click();
  await b.waitForFunction(() =>
    /^Your first move: within (1[5-9]|2[0-5]) s/.test(
      document.querySelector('#first-move')?.textContent ?? '',
    ),
  );
  await w.waitForFunction(() =>
    /^Black must move within (1[5-9]|2[0-5]) s/.test(
      document.querySelector('#first-move')?.textContent ?? '',
    ),
  );
  // Black moves: the clocks run, the countdown is gone.
  await square(b, 11).click();
  await b.waitForSelector('[data-target="15"]');
  await square(b, 15).click();
  for (const p of [w, b, s]) await p.waitForSelector('#first-move', { state: 'hidden' });
  for (const p of [w, b, s]) await p.context().close();
});

test('a phone (390x844, pt-BR): board, clocks, turn and the game buttons on one screen; plies big enough to tap', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  await page.goto(server.url);
  await page.fill('#name', 'Paula');
  await page.selectOption('#clock', '300000+3000');
  await page.selectOption('#level', '1');
  await page.selectOption('#color', 'white');
  await page.click('#play-computer');
  await page.waitForSelector('#game:not([hidden])');
  await square(page, 22).click();
  await page.waitForSelector('[data-target="18"]');
  await square(page, 18).click();
  await page.waitForFunction(() => document.querySelectorAll('#moves .ply').length >= 2);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Sua vez');
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (selector: string) =>
    page.evaluate((s) => {
      const r = document.querySelector(s)!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height };
    }, selector);
  // The header is one row; the rest is under "Menu".
  expect((await box('header')).height).toBeLessThanOrEqual(60);
  // Each named, so a failure says which part is below the fold.
  for (const s of [
    '#board',
    '[data-clock="white"]',
    '[data-clock="black"]',
    '#status',
    '#resign',
  ]) {
    const { bottom } = await box(s);
    expect({ s, bottom, onScreen: bottom <= 844 }).toEqual({ s, bottom, onScreen: true });
  }
  const buttons = await page.$$eval('#game-actions button:not([hidden])', (bs) =>
    bs.map((b) => b.getBoundingClientRect().bottom),
  );
  expect(buttons.length).toBeGreaterThanOrEqual(2); // resign, offer a draw (abort, at first)
  for (const bottom of buttons) expect(bottom).toBeLessThanOrEqual(844);
  const plies = await page.$$eval('#moves .ply', (bs) =>
    bs.map((b) => b.getBoundingClientRect().height),
  );
  for (const h of plies) expect(h).toBeGreaterThanOrEqual(32);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/phone-game-one-screen.png` });
  // The menu opens the rest of the header.
  expect(await page.isVisible('#settings-open')).toBe(false);
  await page.click('#menu-open');
  await page.waitForSelector('#settings-open', { state: 'visible' });
  expect(await page.textContent('#menu-open')).toBe('Menu');
  await page.click('#settings-open');
  await page.waitForSelector('#settings[open]');
  await context.close();
});

test('smaller things: a watcher gets no name; no game at a link; toasts clear of the header; coordinates under pieces; the tab says "your turn"', async () => {
  const p = await open();
  await computerGame(p, 'Tina');
  // The tab and its icon say it is my move.
  expect(await p.title()).toBe('• Your turn - Damas');
  expect(await p.getAttribute('link[rel="icon"]', 'data-turn')).toBe('true');
  // The edge coordinates lie under the pieces (a piece on the last file is never written over).
  expect(
    await p.evaluate(
      () =>
        document
          .querySelector('#board .coord')!
          .compareDocumentPosition(document.querySelector('#board .piece')!) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ),
  ).toBeTruthy();
  const id = await shownGame(p);

  // A visitor who only watches is given no name ("Playing as guest" before).
  const v = await open(`/game/${id}`);
  await v.waitForSelector('#game:not([hidden])');
  expect(await v.textContent('#status')).toContain('Watching');
  expect(await v.title()).toBe('Damas: play draughts online');
  await v.waitForTimeout(300);
  expect(await v.textContent('#who')).toBe('');
  await v.click('#leave');
  await v.waitForSelector('#lobby:not([hidden])');
  expect(await v.inputValue('#name')).toBe('');

  // A link to no game: said in words, the lobby shown; the message is clear of the header.
  await v.goto(`${server.url}/game/11111111-1111-1111-1111-111111111111`);
  await v.waitForSelector('#message:not([hidden])');
  expect(await v.textContent('#message')).toBe('This game does not exist: check the link.');
  await v.waitForSelector('#lobby:not([hidden])');
  const overlaps = await v.evaluate(() => {
    const m = document.querySelector('#message')!.getBoundingClientRect();
    return [...document.querySelectorAll('header a, header button, header select')]
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .some((r) => r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom);
  });
  expect(overlaps).toBe(false);

  // Resigned: no longer my turn.
  await resign(p);
  expect(await p.title()).toBe('Damas: play draughts online');
  expect(await p.getAttribute('link[rel="icon"]', 'data-turn')).toBe('false');
  for (const page of [p, v]) await page.context().close();
});

test("the lobby asks no name: a search from the custom form or a tile, said in the page's language", async () => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('#lobby:not([hidden])');
  // The custom form with its name left empty: the search starts, unnamed.
  await page.click('#play');
  await page.waitForSelector('#waiting:not([hidden])');
  expect(await page.textContent('#waiting')).toContain('Aguardando um adversário');
  await page.click('#cancel');
  await page.waitForSelector('#waiting', { state: 'hidden' });
  await page.locator('[data-tile="5+3"]').click();
  await page.waitForSelector('[data-tile="5+3"][aria-pressed="true"]');
  expect(await page.textContent('[data-tile="5+3"]')).toContain('clique para cancelar');
  await context.close();
});

test('stepping back shows the clocks as they were at that ply; changing only #<ply> steps there', async () => {
  const w = await open();
  const b = await open();
  await customMatch(server, w, b, 'W:W21-32:B1-12');
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: await playerId(w),
    blackId: await playerId(b),
    clock: { initial: 60_000, increment: 0 },
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  await w.goto(`${server.url}/game/${id}`);
  await b.goto(`${server.url}/game/${id}`);
  const anyMove = async (page: Page, from: number, ply: number): Promise<void> => {
    await square(page, from).click();
    const to = await page.locator('[data-target]').first().getAttribute('data-target');
    await square(page, Number(to)).click();
    await page.waitForSelector(`#moves [data-ply="${ply}"]`);
  };
  await square(w, 22).click();
  await w.waitForSelector('[data-target="18"]');
  await square(w, 18).click();
  await w.waitForSelector('#moves [data-ply="1"]');
  await anyMove(b, 11, 2);
  // White's clock runs from Black's first move: some seconds spent on the third.
  await w.waitForTimeout(2500);
  await square(w, 18).click();
  const to = await w.locator('[data-target]').first().getAttribute('data-target');
  await square(w, Number(to)).click();
  await w.waitForSelector('#moves [data-ply="3"]');
  await w.waitForFunction(() => {
    const t = document.querySelector('[data-clock="white"]')?.textContent ?? '';
    return /^0:5[0-8]$/.test(t);
  });
  const live = await w.textContent('[data-clock="white"]');
  // Only the hash changes: the game steps to ply 2, where White still had a minute.
  await w.evaluate(() => (location.hash = '#2'));
  await w.waitForFunction(() =>
    document.querySelector('#replay-where')?.textContent?.startsWith('After ply 2 of 3'),
  );
  expect(await w.textContent('[data-clock="white"]')).toBe('1:00');
  expect(await w.textContent('[data-clock="black"]')).toBe('1:00');
  expect(await w.isHidden('[data-clock="white"]')).toBe(false);
  // And back to the game as it is.
  await w.evaluate(() => (location.hash = ''));
  await w.waitForFunction(
    () => !document.querySelector('#replay-where')?.textContent?.includes(' of '),
  );
  expect(await w.textContent('[data-clock="white"]')).not.toBe('1:00');
  expect(live).not.toBe('1:00');
  for (const page of [w, b]) await page.context().close();
});
