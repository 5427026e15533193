/**
 * A finished game's engine analysis in real Chromium: "Analyse this game" after the end (in view
 * at 1280x900), the progress, the graph of winning chances and the marked moves, a clean game
 * said so, and the stored analysis shown again after a reload without asking anew; then the
 * analysis as the way through a game: a mark, a point of the graph, the marks in the move list,
 * the moves by number, the summary per side.
 */
import type { Browser, Page } from 'playwright-core';
import { Position } from '../../src/rules/index.js';
import { connect, expectOk, http, newPlayer, type Server } from '../e2e/harness.js';
import {
  customMatch,
  openPage,
  SHOTS,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));
/** A game played, then analysed by the engine: on a busy machine, more than Jest's minute. */
const PLAYED_AND_ANALYSED_MS = 120_000;
const open = (): Promise<Page> => openPage(browser, server.url, { consoleErrors: 'fail' });

test('analyse a finished game: progress, the graph, the marks; shown again after a reload', async () => {
  const w = await open();
  const b = await open();
  const created = await customMatch(
    server,
    w,
    b,
    'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
  );
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect(await w.isHidden('#analyse')).toBe(true); // not while the game is on
  await square(w, 22).click();
  await w.waitForSelector('[data-target="18"]');
  await square(w, 18).click();
  await b.waitForFunction(() => document.querySelector('#moves')?.textContent?.includes('22-18'));
  await b.click('#resign');
  await b.click('#resign-confirm');
  await w.waitForSelector('#banner:not([hidden])');

  await w.waitForSelector('#analyse:not([hidden])');
  await w.click('#analyse');
  await w.waitForSelector('#review:not([hidden])');
  await w.waitForFunction(
    () => document.querySelector('#review-status')?.textContent === 'Engine analysis',
    undefined,
    { timeout: 30_000 },
  );
  expect(await w.isHidden('#analyse')).toBe(true);
  const points = await w.getAttribute('#eval-graph polyline', 'points');
  expect(points?.trim().split(' ')).toHaveLength(2); // the start and after 22-18
  const stored = await http(server, 'GET', `/api/matches/${id}/analysis`);
  expect(stored.body.status).toBe('done');
  const marked = (stored.body.positions as { judgement?: string | null }[]).filter(
    (p) => p.judgement,
  );
  expect(await w.locator('#review-marks li').count()).toBe(marked.length);
  // 22-18 from the start, then a resignation: nothing to mark, and it says so.
  expect(marked).toEqual([]);
  expect(await w.textContent('#review-clean')).toBe('No mistakes found.');
  expect(await w.isVisible('#review-clean')).toBe(true);
  await w.screenshot({ path: `${SHOTS}/game-analysis.png` });

  // The other player's page, reloaded: the stored analysis, no button.
  await b.reload();
  await b.waitForSelector('#review:not([hidden])');
  expect(await b.textContent('#review-status')).toBe('Engine analysis');
  expect(await b.isHidden('#analyse')).toBe(true);
});

test(
  '"Analyse this game" after a long game between people, with a chat: in view at 1280x900',
  async () => {
    const w = await open();
    const b = await open();
    const start = Position.initial('brazilian');
    const { body } = await customMatch(server, w, b, start.fen);
    for (const p of [w, b]) await p.setViewportSize({ width: 1280, height: 900 });
    // 40 plies (the first legal move each time), sent as the players' own moves.
    const token = (p: Page) =>
      p.evaluate(
        () => (JSON.parse(localStorage.getItem('damas.identity')!) as { token: string }).token,
      );
    const tokens = { white: await token(w), black: await token(b) };
    let pos = start;
    for (let i = 0; i < 40; i++) {
      const move = pos.legalMoves()[0];
      const sent = await http(
        server,
        'POST',
        `/api/matches/${body.id}/moves`,
        { path: move.path },
        tokens[pos.turn],
      );
      expect(sent.status).toBe(201);
      pos = pos.play(move);
    }
    await w.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 40);
    // A chat, as a game between people has (four lines: within the chat rate of five at once).
    for (const line of ['hi', 'good luck', 'well played', 'thanks']) {
      await b.fill('#chat-input', line);
      await b.click('#chat-send');
      await w.waitForFunction(
        (l) => document.querySelector('#chat-lines')?.textContent?.includes(l),
        line,
      );
    }
    await b.click('#resign');
    await b.click('#resign-confirm');
    await w.waitForSelector('#analyse:not([hidden])');
    // In view, the page not scrolled: not under the chat.
    const button = (await w.locator('#analyse').boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(900);
    expect(await w.evaluate(() => window.scrollY)).toBe(0);
    await w.click('#analyse');
    await w.waitForSelector('#review:not([hidden])');
    const review = (await w.locator('#eval-graph').boundingBox())!;
    expect(review.y + review.height).toBeLessThanOrEqual(900);
  },
  PLAYED_AND_ANALYSED_MS,
);

/**
 * A brazilian game with one blunder (the engine's own choice of quiet moves, then 23-18?? which
 * loses two men to 16x14): White and Black are players of the API; the page watches it.
 */
const BLUNDER_GAME: number[][] = [
  [24, 19],
  [11, 16],
  [22, 17],
  [8, 11],
  [23, 18],
  [16, 23, 14],
];

async function blunderGame(): Promise<string> {
  const white = await newPlayer(server, 'Wim');
  const black = await newPlayer(server, 'Bea');
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: white.id,
    blackId: black.id,
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  for (const [i, path] of BLUNDER_GAME.entries()) {
    const mover = i % 2 === 0 ? white : black;
    const r = await http(server, 'POST', `/api/matches/${id}/moves`, { path }, mover.token);
    expect(r.status).toBe(201);
  }
  const c = await connect(server, white.token);
  expectOk(await c.emit('match:resign', { matchId: id }));
  c.close();
  return id;
}

const shownText = (p: Page) => p.textContent('#replay-where');

test(
  'the analysis is the way through the game: marks, the graph, the move list; a summary per side',
  async () => {
    const id = await blunderGame();
    const page = await open();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/game/${id}`);
    await page.waitForSelector('#analyse:not([hidden])');
    await page.click('#analyse');
    await page.waitForFunction(
      () => document.querySelector('#review-status')?.textContent === 'Engine analysis',
      undefined,
      { timeout: 30_000 },
    );
    // The blunder, by its move number (ply 5 is White's third move), with its mark and the best move.
    const marks = await page.locator('#review-marks li').allTextContents();
    expect(marks).toContainEqual(expect.stringMatching(/^3\. 23-18\?\? blunder, best \d+[-x]\d+$/));
    expect(marks.join()).not.toContain('ply');
    // The move list carries the mark.
    expect(await page.textContent('#moves [data-ply="5"]')).toBe('23-18??');
    expect(await page.getAttribute('#moves [data-ply="5"] .judgement', 'class')).toContain(
      'blunder',
    );
    expect(await page.isHidden('#review-clean')).toBe(true);
    // The summary: White's blunder, Black's clean game, the average losses.
    const side = (color: string) =>
      page.locator(`#review-summary-rows tr[data-side="${color}"] > *`).allTextContents();
    const [whiteName, , , whiteBlunders, whiteLoss] = await side('white');
    const [blackName, , , blackBlunders, blackLoss] = await side('black');
    expect([whiteName, whiteBlunders, blackName, blackBlunders]).toEqual([
      'White (Wim)',
      '1',
      'Black (Bea)',
      '0',
    ]);
    expect(whiteLoss).toMatch(/^\d+\.\d%$/);
    expect(parseFloat(whiteLoss)).toBeGreaterThan(parseFloat(blackLoss));

    // The game shows its end; a click on the mark shows the blunder's position.
    expect(await shownText(page)).toBe('After ply 6 (the end)');
    await page.click('#review-marks li.blunder button');
    expect(await shownText(page)).toBe('After ply 5 of 6: 23-18');
    expect(await page.getAttribute('#review-marks li.blunder button', 'aria-current')).toBe('step');
    expect(await page.getAttribute('#moves [data-ply="5"]', 'aria-current')).toBe('step');
    // The board is that position: 23-18 played, Black's capture not yet.
    expect(await page.getAttribute('rect[data-square="18"]', 'aria-label')).toContain('white man');
    expect(await page.getAttribute('rect[data-square="14"]', 'aria-label')).toContain('empty');
    expect(page.url()).toMatch(/#5$/);
    // The graph: its left end is the start, its right end the last position, the cursor follows.
    const graph = (await page.locator('#eval-graph').boundingBox())!;
    await page.mouse.click(graph.x + 2, graph.y + graph.height / 2);
    expect(await shownText(page)).toMatch(/^Start position/);
    expect(await page.getAttribute('#eval-graph .cursor', 'x1')).toBe('0');
    await page.mouse.click(graph.x + graph.width * (3 / 6), graph.y + 5);
    expect(await shownText(page)).toBe('After ply 3 of 6: 22-17');
    await page.click('#eval-graph circle.blunder', { force: true });
    expect(await shownText(page)).toBe('After ply 5 of 6: 23-18');
    await page.screenshot({ path: `${SHOTS}/game-analysis-navigable.png` });
    await page.mouse.click(graph.x + graph.width - 1, graph.y + 5);
    expect(await shownText(page)).toBe('After ply 6 (the end)');
  },
  PLAYED_AND_ANALYSED_MS,
);
