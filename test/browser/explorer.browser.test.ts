/**
 * The opening explorer on the analysis board in real Chromium, on data made the real way: games
 * played through the server (two accounts' and two guests'), indexed by the explorer's indexer,
 * and two master games imported from PDN. The site games' moves with their counts and result
 * bars, a move clicked played on the board and the explorer asked again, a site game's link, the
 * master games (one opened on the board), one player's games by colour, the empty and the error
 * states, and the tab and name kept across a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { ExplorerIndexer, MastersImport } from '../../src/explorer/index.js';
import { openingLines } from '../../src/explorer/opening-names.js';
import {
  getVariant,
  makePdn,
  moveToText,
  parseMoveText,
  Position,
  unwrap,
  type Move,
  type VariantId,
} from '../../src/rules/index.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
  playedGame,
  type Player,
  type Server,
} from '../e2e/harness.js';
import { expectNoAxeViolations } from './axe.js';
import { openPage, SHOTS, square, startBrowserSuite, stopBrowserSuite } from './pages.js';

const VARIANT: VariantId = 'brazilian';
let server: Server;
let browser: Browser;
/** A page of the app; `errorsLogged`: Chromium's log of an error answer does not fail the test. */
const open = (path: string, errorsLogged = false): Promise<Page> =>
  openPage(browser, server.url + path, errorsLogged ? {} : { consoleErrors: 'fail' });

/** The start, its first two legal moves, and the first reply to the first. */
const start = Position.initial(VARIANT);
const [m0, m1] = start.legalMoves();
const afterM0 = start.play(m0);
const r0 = afterM0.legalMoves()[0];
const text = (pos: Position, m: Move) => moveToText(pos, m);

/**
 * A game between two players through the server: `picks` (the index of the legal move played
 * each ply), then the side to move resigns.
 */
async function game(white: Player, black: Player, picks: number[]): Promise<string> {
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: VARIANT,
    whiteId: white.id,
    blackId: black.id,
  });
  if (made.status !== 201) throw new Error(made.text);
  const id = made.body.id as string;
  let pos = start;
  for (const pick of picks) {
    const m = pos.legalMoves()[pick];
    const mover = pos.turn === 'white' ? white : black;
    const r = await http(server, 'POST', `/api/matches/${id}/moves`, { path: m.path }, mover.token);
    if (r.status !== 201) throw new Error(r.text);
    pos = pos.play(m);
  }
  const c = await connect(server, (pos.turn === 'white' ? white : black).token);
  expectOk(await c.emit('match:resign', { matchId: id }));
  c.close();
  return id;
}

/** A master game as its PDN file has it (tags, moves, result). */
function masterPdn(picks: number[], tags: Record<string, string>, winner: 'white' | 'black') {
  let pos = start;
  const moves: Move[] = [];
  for (const pick of picks) {
    const m = pos.legalMoves()[pick];
    moves.push(m);
    pos = pos.play(m);
  }
  return makePdn({
    variant: getVariant(VARIANT),
    moves,
    tags,
    result: { winner, reason: 'resign' },
  });
}

const made = { a: '', b: '', c: '' };

beforeAll(async () => {
  ({ server, browser } = await startBrowserSuite({ engineThreads: 1 }));
  const ana = await newAccount(server, 'Ana_explorer');
  const ben = await newAccount(server, 'Ben_explorer');
  // At the start: m0 three times (White won one, Black two), m1 never; after m0, r0 twice.
  made.a = await game(ana, ben, [0, 0, 0]); // Black to move resigns: White won
  made.b = await game(ana, ben, [0, 1]); // White to move resigns: Black won
  made.c = (await playedGame(server, VARIANT, 4)).id; // first moves, White to move resigns: Black won
  await server.app.get(ExplorerIndexer).catchUp();
  const masters = [
    masterPdn(
      [1, 0, 0],
      { Event: 'Test Open', Date: '2003.05.23', White: 'Master A', Black: 'Master B' },
      'white',
    ),
    masterPdn(
      [1, 1],
      { Event: 'Test Cup', Date: '2004.01.02', White: 'Master C', Black: 'Master D' },
      'black',
    ),
  ].join('\n\n');
  const report = await server.app.get(MastersImport).importPdn(VARIANT, masters, 'test');
  expect(report.imported).toBe(2);
});
afterAll(() => stopBrowserSuite({ server, browser }));

const row = (page: Page, m: Move) =>
  page.locator(`#explorer-rows tr[data-path="${m.path.join('-')}"]`);

async function rowFacts(page: Page, m: Move) {
  // The answer for the position and filters shown (not the last one, dimmed while it comes).
  await page.waitForSelector('#explorer-body[aria-busy="false"]');
  const r = row(page, m);
  await r.waitFor();
  return {
    move: await r.locator('th').innerText(),
    games: await r.locator('td').first().innerText(),
    percents: await r
      .locator('.result-bar > span[data-percent]')
      .evaluateAll((spans) =>
        spans.map((s) => `${s.className}:${(s as HTMLElement).dataset.percent}`),
      ),
    said: await r.locator('.result-bar .sr-only').innerText(),
  };
}

test("the site's games: moves with counts and results, a click plays the move", async () => {
  const page = await open(`/analysis/${VARIANT}`);
  expect(await page.getAttribute('#explorer-tab-lichess', 'aria-selected')).toBe('true');
  expect(await rowFacts(page, m0)).toEqual({
    move: text(start, m0),
    games: '3',
    percents: ['result-white:33', 'result-black:67'],
    said: 'White won 33%, drawn 0%, Black won 67%',
  });
  expect(await row(page, m1).count()).toBe(0);
  // The games through it: a site game links to its page.
  const links = await page
    .locator('#explorer-recent a, #explorer-top a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links.length).toBeGreaterThan(0);
  for (const href of links)
    expect([made.a, made.b, made.c].map((id) => `/game/${id}`)).toContain(href);
  await page.locator('#explorer').screenshot({ path: `${SHOTS}/analysis-explorer.png` });
  await expectNoAxeViolations(page);

  // Its move clicked: played on the board, and the explorer answers for the new position.
  await row(page, m0).locator('button').click();
  await page.waitForSelector(`#tree .tree-move.current:text-is("${text(start, m0)}")`);
  expect(await rowFacts(page, r0)).toMatchObject({ move: text(afterM0, r0), games: '2' });
  // The reply played from the keyboard: its button focused, Enter.
  await row(page, r0).locator('button').focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector(`#tree .tree-move.current:text-is("${text(afterM0, r0)}")`);
  await page.waitForSelector('#explorer-rows tr[data-path]');

  // Back to the start: the answer kept is shown again.
  await page.click('#tree-first');
  expect((await rowFacts(page, m0)).games).toBe('3');

  // A rating band no game is in: nothing played here.
  await page.check('#explorer-ratings input[value="2500"]');
  await page.waitForSelector('#explorer-status:text("No games in this position.")');
  expect(await page.isHidden('#explorer-table')).toBe(true);
  await page.uncheck('#explorer-ratings input[value="2500"]');
  expect((await rowFacts(page, m0)).games).toBe('3');
});

test("the opening's name above the moves, where the variant has names", async () => {
  // English has a table of names (src/explorer/openings): a one-move opening played on the board.
  const named = openingLines('english').find((o) => !o.line.includes(' '));
  if (!named) return;
  const move = unwrap(parseMoveText(Position.initial('english'), named.line));
  const page = await open('/analysis/english');
  await square(page, move.from).click();
  await page.waitForSelector(`[data-target="${move.to}"]`);
  await square(page, move.to).click();
  await page.waitForSelector('#explorer-opening:not([hidden])');
  expect(await page.textContent('#explorer-opening')).toContain(named.name);
  // Its site games: none yet in english.
  await page.waitForSelector('#explorer-status:text("No games in this position.")');
});

test('the master games: their moves, and a game opened on the board', async () => {
  const page = await open(`/analysis/${VARIANT}`);
  await page.click('#explorer-tab-masters');
  expect(await page.getAttribute('#explorer-tab-masters', 'aria-selected')).toBe('true');
  // No speeds or ratings for masters.
  expect(await page.isHidden('#explorer-speeds')).toBe(true);
  expect(await rowFacts(page, m1)).toEqual({
    move: text(start, m1),
    games: '2',
    percents: ['result-white:50', 'result-black:50'],
    said: 'White won 50%, drawn 0%, Black won 50%',
  });
  expect(await row(page, m0).count()).toBe(0);
  const listed = page.locator('#explorer-recent li').first();
  expect(await listed.innerText()).toMatch(
    /Master A – Master B 2-0 .* Test Open · 2003-05-23|Master C – Master D 0-2 .* Test Cup · 2004-01-02/,
  );
  const plies = (await listed.innerText()).includes('Test Open') ? 3 : 2;
  // Opened on the board, at the position it was listed for (here the start).
  await listed.locator('button').click();
  await page.waitForSelector('#pdn-status:not([hidden])');
  expect(await page.textContent('#tree')).toContain(text(start, m1));
  expect(await page.locator('#tree .tree-move').count()).toBe(plies);
});

test("one player's games by colour, the empty and error states, the choice kept", async () => {
  const page = await open(`/analysis/${VARIANT}`);
  // The tabs from the keyboard: the arrow keys move between them.
  await page.focus('#explorer-tab-lichess');
  await page.keyboard.press('ArrowRight');
  expect(await page.getAttribute('#explorer-tab-player', 'aria-selected')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('explorer-tab-player');
  await page.waitForSelector('#explorer-status:text("Type a player\'s name")');
  await page.fill('#explorer-name', 'ana_explorer');
  expect((await rowFacts(page, m0)).games).toBe('2');
  await page.selectOption('#explorer-color', 'black');
  await page.waitForSelector('#explorer-status:text("No games in this position.")');
  // Kept in this browser: the tab, the name and the colour after a reload.
  await page.selectOption('#explorer-color', 'white');
  expect((await rowFacts(page, m0)).games).toBe('2');
  await page.reload();
  expect(await page.getAttribute('#explorer-tab-player', 'aria-selected')).toBe('true');
  expect(await page.inputValue('#explorer-name')).toBe('ana_explorer');
  expect((await rowFacts(page, m0)).games).toBe('2');
  await page.close();

  // A name nobody has: the server's words (its 404 is logged by Chromium, so not 'fail' here).
  const other = await open(`/analysis/${VARIANT}`, true);
  await other.click('#explorer-tab-player');
  await other.fill('#explorer-name', 'nobody_here');
  await other.waitForSelector('#explorer-error:not([hidden])');
  expect(await other.textContent('#explorer-error')).toContain('nobody_here');
});
