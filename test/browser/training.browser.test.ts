/**
 * Puzzles in real Chromium (issue 32), on the generator's sample (test/fixtures, loaded by the
 * server as its starter set): a puzzle solved (its first move from the keyboard; an account's
 * rating change, the themes, a vote), one failed (the wrong move marked, the solution shown), a
 * streak of three ended by a mistake (the best kept over a reload), the daily puzzle on the
 * lobby and its page, the profile's puzzle dashboard, and the pages on a phone's width.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Puzzle } from '../../src/common/protocol.js';
import { parseMoveText, Position, unwrap, type Move } from '../../src/rules/index.js';
import { http, newAccount, type Server } from '../e2e/harness.js';
import { writeSet } from '../puzzle-fixtures.js';
import {
  keyboardTo,
  launchChromium,
  openPage,
  SHOTS,
  signUp,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

const SAMPLE = readFileSync('test/fixtures/puzzles-sample.ndjson', 'utf8').trim().split('\n');
const PUZZLES = new Map(SAMPLE.map((l) => JSON.parse(l) as Puzzle).map((p) => [p.id, p] as const));
const dir = mkdtempSync(join(tmpdir(), 'damas-training-'));
writeSet(dir, 'sample', SAMPLE);

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite({ puzzleDir: dir })));
afterAll(async () => {
  await stopBrowserSuite({ server, browser });
  rmSync(dir, { recursive: true, force: true });
});

const russian = [...PUZZLES.values()].filter((p) => p.variant === 'russian');

/** The puzzle the page shows, once its board takes a move (the opponent's move played in). */
async function shownPuzzle(page: Page): Promise<{ puzzle: Puzzle; at: Position }> {
  await page.waitForSelector('#training[data-playing="true"]');
  const id = await page.getAttribute('#training', 'data-puzzle');
  const puzzle = PUZZLES.get(id!)!;
  let at = unwrap(Position.fromFen(puzzle.variant, puzzle.fen));
  at = at.play(unwrap(parseMoveText(at, puzzle.moves[0])));
  return { puzzle, at };
}

/** A move played with the mouse: its piece, then its square (a path picked if several lead there). */
async function play(page: Page, move: Move): Promise<void> {
  await square(page, move.from).click();
  await square(page, move.to).click();
  const paths = page.locator('#pz-paths:not([hidden]) button');
  if (await paths.count()) await paths.filter({ hasText: move.path.join('x') }).click();
}

/** The solver's moves of `puzzle` played from the start, each after the reply before it. */
async function solve(page: Page, puzzle: Puzzle, from = 1): Promise<void> {
  for (let i = from; i < puzzle.moves.length; i += 2) {
    await page.waitForSelector('#training[data-playing="true"]');
    const pos = await boardPosition(page, puzzle, i);
    await play(page, unwrap(parseMoveText(pos, puzzle.moves[i])));
  }
}

/** The position before moves[i] of the line. */
function boardPosition(_page: Page, puzzle: Puzzle, i: number): Position {
  let pos = unwrap(Position.fromFen(puzzle.variant, puzzle.fen));
  for (const text of puzzle.moves.slice(0, i)) pos = pos.play(unwrap(parseMoveText(pos, text)));
  return pos;
}

/** A legal move of `pos` that is not the line's (nor an accepted one) at index 1. */
function wrongMove(puzzle: Puzzle, pos: Position): Move {
  const right = [
    puzzle.moves[1],
    ...(puzzle.accepted ?? []).filter(([i]) => i === 1).map(([, m]) => m),
  ];
  return pos
    .legalMoves()
    .find((m) => !right.some((t) => parseMoveText(pos, t).ok && sameAs(pos, t, m)))!;
}

const sameAs = (pos: Position, text: string, m: Move) => {
  const r = unwrap(parseMoveText(pos, text));
  return r.from === m.from && r.to === m.to;
};

test('a puzzle solved: the first move from the keyboard, the reply played, rating change, themes, a vote', async () => {
  const page = await openPage(browser, `${server.url}/training/russian`, { consoleErrors: 'fail' });
  const username = `pz${Date.now() % 100000}`;
  await signUp(page, username);
  await page.goto(`${server.url}/training/${russian[0].id}`);
  const { puzzle, at } = await shownPuzzle(page);
  expect(puzzle.id).toBe(russian[0].id);
  expect(await page.textContent('#pz-status')).toBe(
    `Your turn: find the best move for ${at.turn === 'white' ? 'White' : 'Black'}.`,
  );
  // The solver at the bottom: Black's puzzles are seen from Black's side.
  const y = async (sq: number) => (await square(page, sq).boundingBox())!.y;
  const own = at.pieces().find((p) => p.color === at.turn)!.square;
  const theirs = at.pieces().find((p) => p.color !== at.turn)!.square;
  expect(await y(own)).toBeGreaterThan(await y(theirs));
  // The opponent's last move is marked.
  expect(await page.locator('#pz-board .last-move').count()).toBeGreaterThan(0);
  // A hint: the piece to move is picked.
  await page.keyboard.press('h');
  const first = unwrap(parseMoveText(at, puzzle.moves[1]));
  await page.waitForSelector(`#pz-board .selected`);
  expect(await page.textContent('#pz-feedback')).toBe('Move the highlighted piece.');
  // The first move from the keyboard: to its destination, Enter.
  await keyboardTo(page, first.to);
  await page.keyboard.press('Enter');
  const paths = page.locator('#pz-paths:not([hidden]) button');
  if (await paths.count()) await paths.filter({ hasText: first.path.join('x') }).click();
  if (puzzle.moves.length > 2) {
    await page.waitForSelector('#pz-feedback:has-text("Best move")');
    await solve(page, puzzle, 3);
  }
  await page.waitForSelector('#training[data-status="solved"]');
  expect(await page.textContent('#pz-result')).toBe('Solved!');
  await page.waitForSelector('#pz-rating:not([hidden])');
  expect(await page.textContent('#pz-rating')).toMatch(/^Your puzzle rating: \d+ \(\+\d+\)\.$/);
  const themes = await page.locator('#pz-themes .pz-theme').allTextContents();
  expect(themes.length).toBeGreaterThan(0);
  expect(themes.length).toBe(puzzle.themes.length);
  await page.click('#pz-up');
  await page.waitForSelector('#pz-voted:not([hidden])');
  await page.screenshot({ path: `${SHOTS}/puzzle-solved.png` });
  // The next puzzle: another one, its address its link.
  await page.click('#pz-next');
  await page.waitForFunction(
    (id) => document.querySelector('#training')?.getAttribute('data-puzzle') !== id,
    puzzle.id,
  );
  const next = await shownPuzzle(page);
  expect(new URL(page.url()).pathname).toBe(`/training/${next.puzzle.id}`);
  // The profile's dashboard counts it.
  await page.goto(`${server.url}/@/${username}`);
  await page.waitForSelector('#puzzles:not([hidden]) tr[data-variant="russian"]');
  const row = await page.locator('#puzzles-rows tr[data-variant="russian"] td').allTextContents();
  expect(row.slice(0, 4)).toEqual(['Russian', expect.stringMatching(/^\d+\??$/), '1', '0']);
  const themeList = await page.textContent('#puzzles-rows tr[data-themes-of="russian"]');
  expect(themeList).toContain(`${themes[0]} 1 / 0`);
  await page.context().close();
});

test('a puzzle failed: the wrong move answered at once and marked, the solution played in', async () => {
  const page = await openPage(browser, `${server.url}/training/${russian[1].id}`, {
    consoleErrors: 'fail',
  });
  const { puzzle, at } = await shownPuzzle(page);
  await play(page, wrongMove(puzzle, at));
  await page.waitForSelector('#training[data-status="failed"]');
  expect(await page.textContent('#pz-feedback')).toBe('That is not the move.');
  expect(await page.textContent('#pz-result')).toBe('Puzzle failed.');
  expect(await page.getAttribute('#pz-board', 'class')).toContain('pz-wrong');
  // A guest's round is not rated: said so.
  await page.waitForSelector('#pz-rating:not([hidden])');
  expect(await page.textContent('#pz-rating')).toBe(
    'Sign up or log in to have your puzzles rated.',
  );
  await page.click('#pz-solution');
  expect(await page.getAttribute('#pz-board', 'class')).not.toContain('pz-wrong');
  // Played in, a move at a time, to the line's end.
  const end = boardPosition(page, puzzle, puzzle.moves.length);
  await page.waitForSelector('#pz-solution', { state: 'hidden' });
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>('#pz-solution')?.disabled,
  );
  await page.waitForFunction(
    (n) => document.querySelectorAll('#pz-board .piece:not(.gone)').length === n,
    end.pieces().length,
    { timeout: 15000 },
  );
  for (const p of end.pieces())
    expect(await page.locator(`#pz-board .piece[data-square="${p.square}"]`).count()).toBe(1);
  expect(await page.textContent('#pz-result')).toBe('Puzzle failed. The solution.');
  await page.context().close();
});

test('a streak of three, then a mistake ends it; the best is kept', async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.evaluate(() => localStorage.setItem('damas.variant', 'russian'));
  await page.goto(`${server.url}/training/streak`);
  for (let n = 0; n < 3; n++) {
    const { puzzle } = await shownPuzzle(page);
    await solve(page, puzzle);
    await page.waitForSelector(`#pz-streak-score:has-text("Streak: ${n + 1}")`);
    // The next one comes by itself.
    await page.waitForFunction(
      (id) => document.querySelector('#training')?.getAttribute('data-puzzle') !== id,
      puzzle.id,
    );
  }
  const { puzzle, at } = await shownPuzzle(page);
  await play(page, wrongMove(puzzle, at));
  await page.waitForSelector('#pz-streak-score:has-text("Streak over")');
  expect(await page.textContent('#pz-streak-score')).toBe('Streak over: 3 puzzles solved.');
  expect(await page.textContent('#pz-streak-best')).toBe('Your best: 3');
  expect(await page.isVisible('#pz-again')).toBe(true);
  await page.screenshot({ path: `${SHOTS}/puzzle-streak.png` });
  await page.reload();
  await shownPuzzle(page);
  expect(await page.textContent('#pz-streak-score')).toBe('Streak: 0');
  expect(await page.textContent('#pz-streak-best')).toBe('Your best: 3');
  await page.context().close();
});

test("the daily puzzle on the lobby, and its page; a phone's width", async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  await page.waitForSelector('#daily:not([hidden])');
  expect(await page.locator('#daily-board .piece').count()).toBeGreaterThan(0);
  expect(await page.textContent('#daily-caption')).toMatch(/: (White|Black) to play and win\.$/);
  await page.click('#daily-solve');
  await page.waitForURL(/\/training\//);
  const { puzzle } = await shownPuzzle(page);
  const daily = (await (await fetch(`${server.url}/api/puzzle/daily`)).json()) as {
    puzzle: Puzzle;
    date: string;
  };
  expect(puzzle.id).toBe(daily.puzzle.id);
  expect(await page.textContent('#pz-title')).toBe(`Puzzle of the day, ${daily.date}`);
  await page.context().close();

  const phone = await launchChromium();
  try {
    const context = await phone.newContext({ viewport: { width: 390, height: 844 } });
    const p = await context.newPage();
    const width = () => p.evaluate(() => document.documentElement.scrollWidth);
    await p.goto(server.url);
    await p.waitForSelector('#daily:not([hidden])');
    expect(await width()).toBeLessThanOrEqual(390);
    await p.screenshot({ path: `${SHOTS}/phone-lobby-daily.png` });
    await p.goto(`${server.url}/training/${russian[2].id}`);
    await shownPuzzle(p);
    expect(await width()).toBeLessThanOrEqual(390);
    // The board fits the screen, above the panel.
    const board = (await p.locator('#pz-board').boundingBox())!;
    expect(board.width).toBeLessThanOrEqual(390);
    expect(board.y + board.height).toBeLessThanOrEqual(844);
    await p.screenshot({ path: `${SHOTS}/phone-puzzle.png` });
  } finally {
    await phone.close();
  }
});

test("the profile's puzzle section on a phone's width: many themes, solved and failed", async () => {
  // Rounds of both variants, won and lost: the "By theme" list of every theme there is.
  const a = await newAccount(server, `pzphone${Date.now() % 100000}`);
  let win = true;
  for (const puzzle of PUZZLES.values()) {
    const r = await http(server, 'POST', `/api/puzzle/${puzzle.id}/round`, { win }, a.token);
    expect(r.status).toBe(200);
    win = !win;
  }
  const phone = await launchChromium();
  try {
    const context = await phone.newContext({ viewport: { width: 390, height: 844 } });
    const p = await context.newPage();
    await p.goto(`${server.url}/@/${a.username}`);
    await p.waitForSelector('#puzzles:not([hidden]) tr[data-variant="international"]');
    expect(await p.locator('#puzzles-rows tr[data-variant]').count()).toBe(2);
    await p.screenshot({ path: `${SHOTS}/phone-profile-puzzles.png`, fullPage: true });
    // Each table within its card, not cut off or scrolled inside it.
    const spill = await p.evaluate(
      () =>
        [...document.querySelectorAll('#profile table')].filter(
          (e) =>
            e.getBoundingClientRect().right > e.closest('.card')!.getBoundingClientRect().right,
        ).length,
    );
    expect(spill).toBe(0);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await phone.close();
  }
});
