/**
 * The board in real Chromium (the analysis board drives it): a move dragged and dropped, a drop
 * off the board taking the piece back, click-click still playing, a king's crown, the three piece
 * styles and four board themes told apart (and a screenshot of each), and no glide when less
 * motion is asked for.
 */
import type { Browser, Page } from 'playwright-core';
import { Position, unwrap } from '../../src/rules/index.js';
import type { Server } from '../e2e/harness.js';
import {
  customMatch,
  openPage,
  replyKeeping,
  SHOTS,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));
async function open(path: string): Promise<Page> {
  const page = await openPage(browser, server.url + path, { consoleErrors: 'fail' });
  await page.waitForSelector('#board .piece');
  return page;
}

const holds = (page: Page, sq: number) =>
  page.getAttribute(`rect[data-square="${sq}"]`, 'aria-label');

/** The centre of a square on the page (CSS px). */
const centre = (page: Page, sq: number): Promise<{ x: number; y: number }> =>
  // In one step: the engine's lines redraw the board (its squares) now and then.
  page.evaluate((s) => {
    const r = document.querySelector(`#board rect[data-square="${s}"]`)!.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, sq);

test('a move dragged and dropped; dropped off the board, the piece goes back', async () => {
  const page = await open('/analysis/brazilian');
  const start = Position.initial('brazilian');
  const move = start.legalMoves()[0];
  const from = await centre(page, move.from);
  const to = await centre(page, move.to);

  // Off the board: picked on the press, carried, back home on the release.
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  expect(await page.locator(`[data-target="${move.to}"]`).count()).toBe(1);
  await page.mouse.move(from.x, from.y - 600, { steps: 6 });
  expect(await page.locator('.piece.dragging').count()).toBe(1);
  await page.mouse.up();
  expect(await page.locator('.piece.dragging').count()).toBe(0);
  expect(await holds(page, move.from)).toContain('white man');
  expect(await page.inputValue('#fen')).toBe(start.fen);

  // Onto a destination: played, once (nothing left selected, the piece on its new square).
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  // The piece follows the pointer: between the two squares.
  // Measured in one step: a redraw (the engine's lines) may replace the element in between.
  const midX = await page.evaluate(() => {
    const r = document.querySelector('#board .piece.dragging')?.getBoundingClientRect();
    return r ? r.x + r.width / 2 : null;
  });
  expect(midX).not.toBeNull();
  expect(Math.abs(midX! - (from.x + to.x) / 2)).toBeLessThan(4);
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  const after = start.play(move);
  expect(await page.inputValue('#fen')).toBe(after.fen);
  expect(await holds(page, move.to)).toContain('white man');
  expect(await holds(page, move.from)).not.toContain('man');
  expect(await page.locator('#board .selected').count()).toBe(0);
  expect(await page.locator('#tree .tree-move').count()).toBe(1);
});

/** Presses on `from`, carries the piece over `steps` pointer moves, releases on `to`. */
async function drag(page: Page, from: number, to: number): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

test('dropped on a square it may not go to: back, still selected, nothing played', async () => {
  const page = await open('/analysis/brazilian');
  // 22 may go to 17 or 18; 14 is empty but out of its reach, 21 holds another white man.
  for (const to of [14, 21]) {
    await drag(page, 22, to);
    expect(await page.locator('[data-target]').count()).toBe(2);
    expect(await holds(page, 22)).toContain('white man');
    expect(await page.locator('#tree .tree-move').count()).toBe(0);
  }
});

test('a drop where several captures end: the path chooser, then the move', async () => {
  const fen = 'W:WK1:B6,14,18,26';
  const page = await open(`/analysis/brazilian?fen=${encodeURIComponent(fen)}`);
  await drag(page, 1, 31);
  await page.waitForSelector('#paths:not([hidden])');
  const paths = await page.locator('#paths button').count();
  expect(paths).toBeGreaterThan(1);
  await page.locator('#paths button').first().click();
  expect(await holds(page, 31)).toContain('white king');
  expect(await page.locator('#tree .tree-move').count()).toBe(1);
});

test('in a game: a move dropped, then a premove dropped', async () => {
  const w = await openPage(browser, server.url, { consoleErrors: 'fail' });
  const b = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await customMatch(server, w, b, 'W:W21-32:B1-12');
  await b.waitForSelector('#game:not([hidden])');
  await drag(w, 22, 18);
  await b.waitForFunction(
    () => document.querySelector('#moves [data-ply="1"]')?.textContent === '22-18',
  );
  await w.waitForFunction(
    () => document.querySelector('#status')?.textContent === "Opponent's move",
  );
  expect(await holds(w, 18)).toContain('white man');
  expect(await w.locator('#board .piece').count()).toBe(24);
  // While Black thinks: 21-17 dropped is queued, its piece at home, its squares marked.
  await drag(w, 21, 17);
  expect(await w.locator('#board [data-premove]').count()).toBe(2);
  expect(await holds(w, 21)).toContain('white man');
  let pos = Position.initial('brazilian');
  pos = pos.play(unwrap(pos.findMove({ from: 22, to: 18 })));
  const reply = replyKeeping(pos, 21, 17);
  await drag(b, reply.from, reply.to);
  await w.waitForFunction(
    () => document.querySelector('#moves [data-ply="3"]')?.textContent === '21-17',
  );
  expect(await w.locator('#board [data-premove]').count()).toBe(0);
});

test('click-click: a press and release selects once, a second click plays', async () => {
  const page = await open('/analysis/brazilian');
  const start = Position.initial('brazilian');
  const move = start.legalMoves()[0];
  await square(page, move.from).click();
  expect(await page.locator('#board .selected').count()).toBe(1);
  const targets = await page.locator('[data-target]').count();
  expect(targets).toBe(start.movesFrom(move.from).length);
  // The destination under the pointer is tinted.
  await square(page, move.to).hover();
  expect(await page.locator(`.target.hover[data-target="${move.to}"]`).count()).toBe(1);
  await square(page, move.to).click();
  expect(await page.inputValue('#fen')).toBe(start.play(move).fen);
  expect(await page.locator('#tree .tree-move').count()).toBe(1);
  // A press on a square of the side not to move: no selection, nothing played.
  await square(page, move.to).click();
  expect(await page.locator('#board .selected').count()).toBe(0);
  expect(await page.locator('#tree .tree-move').count()).toBe(1);
});

test('a king wears a crown (a path), in every piece style', async () => {
  const fen = 'W:WK27,28:B5,10';
  const page = await open(`/analysis/brazilian?fen=${encodeURIComponent(fen)}`);
  expect(await holds(page, 27)).toContain('white king');
  for (const style of ['flat', 'classic', 'outline']) {
    await page.evaluate((s) => (document.body.dataset.pieces = s), style);
    const crown = page.locator('.piece[data-square="27"] path.crown');
    expect(await crown.count()).toBe(1);
    expect(await crown.isVisible()).toBe(true);
    // Points and balls, not a circle: several sub-paths.
    expect((await crown.getAttribute('d'))!.match(/M/g)!.length).toBeGreaterThan(2);
    expect(await page.locator('.piece[data-square="28"] .crown').count()).toBe(0);
  }
});

test('three piece styles, four board themes: each drawn its own way', async () => {
  const fen = 'W:W21,22,23,K30:B9,10,K3,12';
  const page = await open(`/analysis/brazilian?fen=${encodeURIComponent(fen)}`);
  // For the screenshots: a last move, a piece picked and its destinations.
  await square(page, 23).click();
  await square(page, 19).click();
  await square(page, 10).click();
  expect(await page.locator('[data-target]').count()).toBe(2);
  const looks = new Set<string>();
  for (const style of ['flat', 'classic', 'outline']) {
    await page.evaluate((s) => (document.body.dataset.pieces = s), style);
    looks.add(
      await page.evaluate(() => {
        const css = (sel: string) => getComputedStyle(document.querySelector(sel)!);
        const body = css('.piece.white .body');
        return [body.fill, body.strokeWidth, css('.piece.white .ring').display].join('|');
      }),
    );
  }
  expect(looks.size).toBe(3);
  const themes = new Set<string>();
  for (const theme of ['wood', 'green', 'blue', 'grey']) {
    await page.evaluate((t) => (document.body.dataset.board = t), theme);
    themes.add(
      await page.evaluate(() => getComputedStyle(document.querySelector('.sq.dark')!).fill),
    );
    for (const style of ['flat', 'classic', 'outline']) {
      await page.evaluate((s) => (document.body.dataset.pieces = s), style);
      await page.locator('#board').screenshot({ path: `${SHOTS}/board-${theme}-${style}.png` });
    }
  }
  expect(themes.size).toBe(4);
});

test('less motion asked for: no glide', async () => {
  const page = await open('/analysis/brazilian');
  const glide = () =>
    page.evaluate(
      () => getComputedStyle(document.querySelector('#board .piece')!).transitionDuration,
    );
  expect(await glide()).not.toMatch(/^0s/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await glide()).toMatch(/^0s/);
});

test('a move dragged with a finger (touch events)', async () => {
  const page = await open('/analysis/brazilian');
  const start = Position.initial('brazilian');
  const move = start.legalMoves()[0];
  const a = await centre(page, move.from);
  const b = await centre(page, move.to);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [p] : [] });
  await touch('touchStart', a);
  for (let i = 1; i <= 6; i++)
    await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 });
  await touch('touchEnd');
  await page.waitForFunction(
    (fen) => (document.querySelector('#fen') as HTMLInputElement).value === fen,
    start.play(move).fen,
  );
  expect(await holds(page, move.to)).toContain('white man');
});

test('the settings preview: the board theme and piece style chosen', async () => {
  const page = await open('/analysis/brazilian');
  await page.click('#settings-open');
  await page.selectOption('#set-pieceStyle', 'classic');
  expect(await page.locator('#settings-preview .piece').count()).toBe(2);
  expect(await page.locator('#settings-preview .piece path.crown').count()).toBe(1);
  await page
    .locator('#settings-preview')
    .screenshot({ path: `${SHOTS}/settings-preview-classic.png` });
});
