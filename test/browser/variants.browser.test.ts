/**
 * The boards of issue 31's variants in real Chromium: canadian's 12x12 (72 playable squares,
 * files a-l, ranks 1-12) and turkish's 8x8 played on all 64 squares, each drawn with the right
 * squares and pieces, and played against the computer by a click-click move and a dragged one;
 * the board editor puts pieces on their squares; every variant picker offers all fifteen.
 */
import type { Browser, Page } from 'playwright-core';
import {
  moveToText,
  Position,
  unwrap,
  VARIANT_IDS,
  type VariantId,
} from '../../src/rules/index.js';
import { http, type Server } from '../e2e/harness.js';
import {
  computerGame,
  focusedSquare,
  openPage,
  SHOTS,
  shownGame,
  signUp,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));

const centre = (page: Page, sq: number): Promise<{ x: number; y: number }> =>
  page.evaluate((s) => {
    const r = document.querySelector(`#board rect[data-square="${s}"]`)!.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, sq);

async function drag(page: Page, from: number, to: number): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** The game the page shows, as the server has it. */
async function served(page: Page) {
  const id = (await shownGame(page))!;
  return (await http(server, 'GET', `/api/matches/${id}`)).body as { ply: number; fen: string };
}

/** The moves the server has stored for the page's game, in ply order: each one's path. */
async function paths(page: Page): Promise<number[][]> {
  const id = (await shownGame(page))!;
  const h = (await http(server, 'GET', `/api/matches/${id}/history`)).body as { path: number[] }[];
  return h.map((m) => m.path);
}

/** Waits until the server's game has reached `ply` (the computer answers), and returns it. */
async function atPly(page: Page, ply: number) {
  for (let i = 0; i < 300; i++) {
    const s = await served(page);
    if (s.ply >= ply) return s;
    await page.waitForTimeout(100);
  }
  throw new Error(`the game did not reach ply ${ply}`);
}

/**
 * Against the computer (white, level 1): the board drawn for the variant, a move by two clicks,
 * the computer's answer, then a move dragged; each checked on the server.
 */
async function playBoth(variant: VariantId, size: number, playable: number) {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await computerGame(page, 'Vera', variant);
  await page.waitForSelector('#board .piece');
  const start = Position.initial(variant);
  expect(await page.getAttribute('#board', 'viewBox')).toBe(`0 0 ${size} ${size}`);
  expect(await page.locator('#board rect.sq.dark[data-square]').count()).toBe(playable);
  expect(await page.locator('#board rect.sq.light').count()).toBe(size * size);
  const pieces = [...Array(playable).keys()].filter((i) => start.pieceAt(i + 1)).length;
  expect(await page.locator('#board .piece').count()).toBe(pieces);
  // The edge coordinates (on by default) go to the board's last file and rank.
  const coords = await page.locator('#board .coord').allTextContents();
  expect(coords).toContain(String.fromCharCode(96 + size));
  expect(coords).toContain(String(size));

  // Two clicks: the piece, then its destination (a dot there meanwhile).
  const first = start.legalMoves()[0];
  await square(page, first.from).click();
  await page.waitForSelector(`[data-target="${first.to}"]`);
  await square(page, first.to).click();
  const afterReply = await atPly(page, 2);
  expect((await paths(page))[0]).toEqual(first.path);
  const pos = unwrap(Position.fromFen(variant, afterReply.fen));
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your move');

  // A drag: the last legal move listed whose origin and destination name it alone (no path
  // chooser), once the computer's move has been drawn (its piece glides there first).
  const moves = pos.legalMoves();
  const unique = moves.filter(
    (m) => moves.filter((o) => o.from === m.from && o.to === m.to).length === 1,
  );
  const second = unique[unique.length - 1];
  await page.waitForSelector(`#board .piece[data-square="${second.from}"]`);
  await page.waitForTimeout(600);
  await drag(page, second.from, second.to);
  await atPly(page, 3);
  expect((await paths(page))[2]).toEqual(second.path);
  // The move list shows it (the board may have moved on already: the computer answers at once).
  const text = moveToText(pos, second);
  await page.waitForFunction(
    (t) => (document.querySelector('#moves')?.textContent ?? '').includes(t),
    text,
  );
  await page.screenshot({ path: `${SHOTS}/board-${variant}.png` });
  return page;
}

test('canadian: a 12x12 board of 72 playable squares, a move clicked and one dragged', async () => {
  const page = await playBoth('canadian', 12, 72);
  expect(await page.getAttribute('#board', 'class')).not.toContain('all-squares');
  await page.close();
});

test('turkish: every one of the 64 squares playable and alike, a move clicked and one dragged', async () => {
  const page = await playBoth('turkish', 8, 64);
  expect(await page.getAttribute('#board', 'class')).toContain('all-squares');
  // All squares look alike: a1 (57) and b1 (58), next to each other, have one fill.
  const fills = await page.evaluate(() =>
    [57, 58].map((s) => getComputedStyle(document.querySelector(`rect[data-square="${s}"]`)!).fill),
  );
  expect(fills[0]).toBe(fills[1]);
  await page.close();
});

test('the board editor puts pieces on turkish and canadian squares', async () => {
  for (const [variant, squares] of [
    ['turkish', [1, 2, 63, 64]],
    ['canadian', [1, 6, 67, 72]],
  ] as const) {
    const page = await openPage(browser, `${server.url}/editor/${variant}`, {
      consoleErrors: 'fail',
    });
    await page.waitForSelector('#editor-panel');
    await page.click('#editor-clear');
    await page.check('input[name="tool"][value="white-man"]');
    await square(page, squares[3]).click();
    await square(page, squares[2]).click();
    await page.check('input[name="tool"][value="black-man"]');
    await square(page, squares[0]).click();
    await square(page, squares[1]).click();
    const fen = `W:W${squares[2]},${squares[3]}:B${squares[0]},${squares[1]}`;
    expect([variant, await page.inputValue('#fen')]).toEqual([variant, fen]);
    expect(await page.locator('#board .piece').count()).toBe(4);
    expect(await page.textContent('#editor-check')).toBe('A legal position: White to move.');
    if (variant === 'turkish') {
      // The arrow keys step one square on a board of all squares: a1 (57) -> b1 (58) -> b2 (50).
      await page.focus('#board rect[data-square="57"]');
      await page.keyboard.press('ArrowRight');
      expect(await focusedSquare(page)).toBe(58);
      await page.keyboard.press('ArrowUp');
      expect(await focusedSquare(page)).toBe(50);
    }
    await page.close();
  }
});

test('every variant picker offers the fifteen variants', async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  const ids = [...VARIANT_IDS];
  const offered = async (picker: string) => {
    await page.waitForSelector(`${picker} option[value="turkish"]`, { state: 'attached' });
    return page
      .locator(`${picker} option`)
      .evaluateAll((o) => o.map((x) => x.getAttribute('value')));
  };
  // The lobby: quick pairing, the custom game (and the computer), play a friend.
  for (const picker of ['#quick-variant', '#variant', '#friend-variant'])
    expect([picker, await offered(picker)]).toEqual([picker, ids]);
  await signUp(page, `picker${Date.now() % 100000}`);
  for (const [path, picker, ready] of [
    ['/analysis/brazilian', '#variant', '#board'],
    ['/editor/brazilian', '#variant', '#editor-panel'],
    ['/leaderboard', '#lb-variant', '#lb-variant'],
    ['/tournament/new', '#nt-variant', '#nt-form'],
  ]) {
    await page.goto(server.url + path);
    await page.waitForSelector(ready, { state: 'attached' });
    expect([path, await offered(picker)]).toEqual([path, ids]);
  }
  await page.close();
});
