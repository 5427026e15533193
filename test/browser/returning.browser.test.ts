/**
 * What a returning player trips on in the lobby and on the game page (issue 29), in real
 * Chromium: `/` is the lobby, never a redirect to a game (a game in progress is offered there);
 * a set-up position used once is gone; the game page says what is played and flips.
 */
import type { Browser, Page } from 'playwright-core';
import type { Server } from '../e2e/harness.js';
import {
  computerGame,
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
  expect(await c.textContent('#game-terms')).toBe('Brazilian · No clock · vs computer level 1');
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
