/**
 * The analysis board and the board editor in real Chromium: a position set up in the editor and
 * played against the computer; moves and a side line on the analysis board with the engine's
 * lines live, the FEN, PDN export and import (a file of games, one with an illegal move); and a
 * finished game opened on the board at a ply. The engine runs in the page (a worker): it deepens
 * until stopped, and the server's analysis is never asked.
 */
import type { Browser, Page } from 'playwright-core';
import { mainLine, parsePdnTree, Position, unwrap, type Move } from '../../src/rules/index.js';
import { playedGame, type Server } from '../e2e/harness.js';
import { openPage, SHOTS, square, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (path: string): Promise<Page> =>
  openPage(browser, server.url + path, { consoleErrors: 'fail' });

async function clickMove(page: Page, move: Move): Promise<void> {
  await square(page, move.from).click();
  await page.waitForSelector(`[data-target="${move.to}"]`);
  await square(page, move.to).click();
}

/** Waits until `ok()` holds (a count kept by the test), failing after `ms`. */
async function until(ok: () => boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${ok.toString()}`);
}

const holds = (page: Page, sq: number) =>
  page.getAttribute(`rect[data-square="${sq}"]`, 'aria-label');

test('a position set up in the editor, then played against the computer', async () => {
  const page = await open('/editor/english');
  await page.click('#editor-clear');
  // White: a king on 14 and a man on 27. Without black pieces the position is refused.
  await page.check('input[name="tool"][value="white-king"]');
  await square(page, 14).click();
  await page.check('input[name="tool"][value="white-man"]');
  await square(page, 27).click();
  expect(await page.textContent('#editor-check')).toBe(
    'Not a playable position: Black has no pieces, so the game would be over.',
  );
  expect(await page.getAttribute('#editor-computer', 'aria-disabled')).toBe('true');
  expect(await page.isDisabled('#editor-analyse')).toBe(true);
  // A white man on the far row would have been crowned: the rules' FEN check says so.
  await square(page, 2).click();
  expect(await page.textContent('#editor-check')).toContain('would have been crowned');
  await square(page, 2).click(); // the same piece again takes it off
  // Black men on 5 and 10; White to move.
  await page.check('input[name="tool"][value="black-man"]');
  await square(page, 5).click();
  await square(page, 10).click();
  await page.selectOption('#editor-turn', 'white');
  expect(await page.textContent('#editor-check')).toBe('A legal position: White to move.');
  expect(await page.inputValue('#fen')).toBe('W:WK14,27:B5,10');
  expect(await page.evaluate(() => location.pathname + location.search)).toBe(
    `/editor/english?fen=${encodeURIComponent('W:WK14,27:B5,10')}`,
  );
  await page.screenshot({ path: `${SHOTS}/board-editor.png` });

  // Play it against the computer: the lobby, with the position, the level and colour chosen there.
  await page.click('#editor-computer');
  await page.waitForSelector('#setup:not([hidden])');
  expect(await page.textContent('#setup-fen')).toBe('W:WK14,27:B5,10');
  await page.screenshot({ path: `${SHOTS}/lobby-set-up-position.png` });
  expect(await page.isVisible('#play')).toBe(false); // the queue plays the usual start only
  expect(await page.inputValue('#variant')).toBe('english');
  await page.fill('#name', 'Edite');
  await page.selectOption('#level', '1');
  await page.selectOption('#color', 'white');
  await page.click('#play-computer');
  await page.waitForSelector('#game:not([hidden])');
  expect(await holds(page, 14)).toContain('white king');
  expect(await holds(page, 27)).toContain('white man');
  expect(await page.locator('#board .piece').count()).toBe(4);
  // A move of mine, and the computer answers from the position.
  const start = unwrap(Position.fromFen('english', 'W:WK14,27:B5,10'));
  await clickMove(page, start.legalMoves()[0]);
  await page.waitForFunction(() => document.querySelectorAll('#moves [data-ply]').length >= 2);
});

test('moves, a side line, the engine live, the FEN, PDN export and import', async () => {
  const page = await open('/analysis/brazilian');
  // The engine's line for the start position, live.
  await page.waitForSelector('#engine-lines li');
  expect(await page.textContent('#engine-lines .engine-score')).toMatch(
    /^([+-]?\d+\.\d\d|#-?\d+)$/,
  );
  expect(await page.textContent('#engine-status')).toMatch(/^Depth \d+ · [\d.]+[KM]? nodes\/s/);

  let pos = Position.initial('brazilian');
  const m1 = pos.legalMoves()[0];
  await clickMove(page, m1);
  pos = pos.play(m1);
  const after1 = pos;
  const [m2, ...others] = pos.legalMoves();
  // A side line into a position with a choice, so that the engine has two lines to give.
  const m2b = others.find((m) => after1.play(m).legalMoves().length >= 2)!;
  await clickMove(page, m2);
  // Back one (the left arrow), another move: a side line, the main line kept.
  await page.keyboard.press('ArrowLeft');
  expect(await page.inputValue('#fen')).toBe(after1.fen);
  await clickMove(page, m2b);
  const side = after1.play(m2b);
  expect(await page.inputValue('#fen')).toBe(side.fen);
  expect(await page.locator('#tree .tree-variations .tree-move').allTextContents()).toHaveLength(1);
  expect(await page.textContent('#tree .tree-move.current')).toBe(
    (await page.locator('#tree .tree-variations .tree-move').first().textContent()) ?? '',
  );
  // Two lines from the engine, for the position shown.
  await page.selectOption('#engine-count', '2');
  await page.waitForFunction(() => document.querySelectorAll('#engine-lines li').length === 2);
  await page.waitForFunction(
    () => !document.querySelector('#engine-lines')?.classList.contains('stale'),
  );
  await page.screenshot({ path: `${SHOTS}/analysis-board.png` });

  // Export: the side line in parentheses.
  await page.click('#pdn-export');
  const pdn = await page.inputValue('#pdn-text');
  expect(pdn).toContain('[GameType "26"]');
  expect(pdn.replace(/\s+/g, ' ')).toMatch(/1\. \d+-\d+ \d+-\d+ \(1\.\.\. \d+-\d+\) \*/);
  expect(await page.isVisible('#pdn-download')).toBe(true);

  // Home: the start; the FEN field shows it. A FEN typed in opens that position.
  await page.keyboard.press('Home');
  expect(await page.inputValue('#fen')).toBe(Position.initial('brazilian').fen);
  await page.fill('#fen', 'W:W21,22:B9,10');
  await page.press('#fen', 'Enter');
  expect(await holds(page, 21)).toContain('white man');
  expect(await page.locator('#board .piece').count()).toBe(4);
  expect(await page.locator('#tree .tree-move').count()).toBe(0);

  // A file of three games: the second has an illegal move, said with its line and move.
  const file = `[Event "one"]
[White "Ana"]
[Black "Bia"]
[GameType "21"]

1. 11-15 22-18 (1... 23-19 2. 8-11) 2. 15x22 25x18 *

[Event "two"]
[GameType "21"]
1. 11-15 22-18 2. 15-19 *

[Event "three"]
[GameType "25"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 *
`;
  await page.setInputFiles('#pdn-file', {
    name: 'club.pdn',
    mimeType: 'text/plain',
    buffer: Buffer.from(file),
  });
  await page.waitForSelector('#pdn-games-label:not([hidden])');
  expect(await page.locator('#pdn-games option').allTextContents()).toEqual([
    '1. Ana – Bia * (one)',
    '2. ? – ? * (two)',
    '3. ? – ? * (three)',
  ]);
  expect(await page.inputValue('#variant')).toBe('english');
  expect(await page.locator('#tree .tree-move').allTextContents()).toEqual([
    '11-15',
    '22-18',
    '23-19',
    '8-11',
    '15x22',
    '25x18',
  ]);
  // Game 2 is read up to its illegal move, which is said with its line and move.
  await page.selectOption('#pdn-games', '1');
  expect(await page.textContent('#pdn-error')).toBe(
    'Imported: English draughts (checkers), 2 plies in the main line. Stopped: line 10, move 2. "15-19": not a legal move here. The moves before it are kept.',
  );
  expect(await page.locator('#tree .tree-move').allTextContents()).toEqual(['11-15', '22-18']);
  expect(await page.isVisible('#pdn-variant')).toBe(false);
  await page.selectOption('#pdn-games', '2');
  expect(await page.isVisible('#pdn-error')).toBe(false);
  expect(await page.inputValue('#variant')).toBe('russian');
  expect(await page.locator('#tree .tree-move').count()).toBe(4);
  const three = unwrap(parsePdnTree(file.slice(file.indexOf('[Event "three"]'))));
  await page.keyboard.press('End');
  expect(await page.textContent('#tree .tree-move.current')).toBe(mainLine(three)[3].text);
  expect(await page.inputValue('#fen')).toBe(mainLine(three)[3].position.fen);
  // Back: the game opened before it (game 2, as far as it was read: its step took game 1's, both
  // at the start of the same board); Forward: this one again.
  await page.goBack();
  await page.waitForFunction(() => document.querySelectorAll('#tree .tree-move').length === 2);
  expect(await page.inputValue('#variant')).toBe('english');
  await page.goForward();
  await page.waitForFunction(
    () => (document.querySelector('#variant') as HTMLSelectElement).value === 'russian',
  );
  expect(await page.locator('#tree .tree-move').count()).toBe(4);
});

test('a finished game opened on the analysis board at the ply shown', async () => {
  const { id, texts, positions } = await playedGame(server, 'brazilian', 6);
  const game = await open(`/game/${id}#4`);
  await game.waitForSelector('#analysis-link:not([hidden])');
  await game.waitForFunction(() => location.hash === '#4');
  const href = await game.getAttribute('#analysis-link', 'href');
  expect(href).toBe(`/analysis/brazilian?game=${id}#4`);
  await game.click('#analysis-link');
  await game.waitForSelector('#tree .tree-move.current');
  expect(await game.locator('#tree .tree-move').allTextContents()).toEqual(texts);
  expect(await game.textContent('#tree .tree-move.current')).toBe(texts[3]);
  expect(await game.inputValue('#fen')).toBe(positions[4].fen);
  // A reload keeps the tree and the move shown (this tab's storage).
  await game.reload();
  await game.waitForSelector('#tree .tree-move.current');
  expect(await game.locator('#tree .tree-move').count()).toBe(6);
  expect(await game.textContent('#tree .tree-move.current')).toBe(texts[3]);
});

test('the engine deepens in the browser until stopped; the server is never asked', async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  // What the page asks the server: no position analysis, by REST or by socket.
  const analyse: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(engine|analys)/.test(new URL(r.url()).pathname)) analyse.push(r.url());
  });
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (/analy/i.test(String(f.payload))) analyse.push(String(f.payload));
    }),
  );
  // The engine's workers, and those ended.
  let workers = 0;
  let ended = 0;
  page.on('worker', (w) => {
    workers++;
    w.on('close', () => ended++);
  });
  await page.goto(server.url + '/analysis/brazilian');
  const depth = async () => Number(await page.getAttribute('#engine-status', 'data-depth'));
  const state = () => page.getAttribute('#engine-status', 'data-state');
  await page.waitForSelector('#engine-status[data-depth]');
  expect(workers).toBe(1);
  // Deeper and deeper: past depth 12, where the server's 1 s search stopped (8-11).
  await page.waitForFunction(
    () => Number(document.querySelector('#engine-status')?.getAttribute('data-depth')) >= 12,
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  const deep = await depth();
  expect(await page.textContent('#engine-status')).toMatch(
    new RegExp(`^Depth ${deep} · [\\d.]+[KM]? nodes/s$`),
  );
  await page.screenshot({ path: `${SHOTS}/analysis-engine-deep.png` });
  // Still at it 2 s later.
  await page.waitForTimeout(2000);
  expect(await state()).toBe('running');
  expect(await page.textContent('#engine-stop')).toBe('Stop');
  await page.waitForFunction(
    (d) => Number(document.querySelector('#engine-status')?.getAttribute('data-depth')) > d,
    deep,
    { timeout: 120_000, polling: 100 },
  );
  // Stop: the worker ends, the lines stay, the depth stands.
  await page.click('#engine-stop');
  expect(await state()).toBe('stopped');
  const stopped = await depth();
  expect(await page.textContent('#engine-status')).toMatch(/ · stopped$/);
  expect(await page.textContent('#engine-stop')).toBe('Go deeper');
  await page.waitForFunction(() => document.querySelectorAll('#engine-lines li').length === 1);
  await until(() => ended === 1);
  await page.waitForTimeout(1500);
  expect(await depth()).toBe(stopped);
  // Deeper again, from the start; then another position: that search ends, a new one starts.
  await page.click('#engine-stop');
  await page.waitForFunction(
    () => document.querySelector('#engine-status')?.getAttribute('data-state') === 'running',
  );
  expect(workers).toBe(2);
  const move = Position.initial('brazilian').legalMoves()[0];
  await clickMove(page, move);
  await page.waitForFunction(
    (fen) =>
      (document.querySelector('#fen') as HTMLInputElement).value === fen &&
      document.querySelector('#engine-status')?.hasAttribute('data-depth'),
    Position.initial('brazilian').play(move).fen,
  );
  expect(workers).toBe(3);
  await until(() => ended === 2);
  // The page left (the board editor shown): its search ends too.
  await page.click('#to-editor');
  await page.waitForSelector('#editor-clear');
  await until(() => ended === 3);
  expect(workers).toBe(3); // and none started again by leaving
  expect(analyse).toEqual([]);
  await context.close();
}, 240_000);

test('a PDN game read in part: the moves before the error, where it stopped, what it meant', async () => {
  const page = await open('/analysis/brazilian');
  const tree = () => page.locator('#tree .tree-move').allTextContents();
  const importPdn = async (text: string) => {
    await page.fill('#pdn-text', text);
    await page.click('#pdn-import');
  };
  // A Russian game (no GameType) on the Brazilian board: Brazilian's majority rule refuses 3. 18x11.
  const russian = '[Event "club"]\n1. 24-19 10-14 2. 22-18 11-15 3. 18x11 7x16 4. 19-15 3-7 *';
  await importPdn(russian);
  await page.waitForSelector('#pdn-error:not([hidden])');
  expect(await tree()).toEqual(['24-19', '10-14', '22-18', '11-15']);
  expect(await page.textContent('#pdn-error')).toBe(
    'Imported: Brazilian, 4 plies in the main line. Stopped: line 2, move 3. "18x11": not a legal move here. The moves before it are kept. These moves fit Russian.',
  );
  expect(await page.textContent('#pdn-variant')).toBe('Open as Russian');
  await page.keyboard.press('End');
  expect(await page.textContent('#tree .tree-move.current')).toBe('11-15');
  await page.locator('#pdn-variant').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/pdn-partial-import.png` });
  // Read again as Russian: whole.
  await page.click('#pdn-variant');
  await page.waitForSelector('#pdn-status:not([hidden])');
  expect(await page.inputValue('#variant')).toBe('russian');
  expect(await tree()).toEqual([
    '24-19',
    '10-14',
    '22-18',
    '11-15',
    '18x11',
    '7x16',
    '19-15',
    '3-7',
  ]);
  expect(await page.textContent('#pdn-status')).toBe(
    'Imported: Russian, 8 plies in the main line.',
  );
  expect(await page.isVisible('#pdn-variant')).toBe(false);

  // A capture written in part: the legal one is named.
  await page.goto(server.url + '/analysis/brazilian');
  await importPdn('1. 22-18 10-15 2. 21-17 15x22 3. 26x19 *');
  await page.waitForSelector('#pdn-error:not([hidden])');
  expect(await tree()).toEqual(['22-18', '10-15', '21-17']);
  expect(await page.textContent('#pdn-error')).toBe(
    'Imported: Brazilian, 3 plies in the main line. Stopped: line 1, move 2... "15x22": not a legal move here. The moves before it are kept. The legal move is 15x22x13.',
  );

  // A Russian game in c3-d4 notation: shown, played on and exported in it.
  await importPdn('[GameType "25"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *');
  await page.waitForSelector('#pdn-status:not([hidden])');
  expect(await tree()).toEqual(['c3-d4', 'f6-e5', 'd4:f6', 'g7:e5']);
  await page.keyboard.press('End');
  const after = unwrap(parsePdnTree('[GameType "25"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *'));
  const next = mainLine(after)[3].position.legalMoves()[0];
  await clickMove(page, next);
  await page.click('#pdn-export');
  const out = (await page.inputValue('#pdn-text')).replace(/\s+/g, ' ');
  expect(out).toMatch(/1\. c3-d4 f6-e5 2\. d4:f6 g7:e5 3\. [a-h][1-8][-:][a-h][1-8] \*/);
  expect((await tree())[4]).toMatch(/^[a-h][1-8]-[a-h][1-8]$/);

  // An English game (Black moves first) on this Russian board: refused at its first move, which
  // no game here can keep; English is named, and opens it.
  await importPdn('1. 11-15 22-18 2. 15x22 25x18 *');
  await page.waitForSelector('#pdn-error:not([hidden])');
  expect(await page.textContent('#pdn-error')).toBe(
    'Line 1, move 1. "11-15": no piece of the side to move there. These moves fit English draughts (checkers).',
  );
  await page.click('#pdn-variant');
  await page.waitForSelector('#pdn-status:not([hidden])');
  expect(await page.inputValue('#variant')).toBe('english');
  expect(await tree()).toEqual(['11-15', '22-18', '15x22', '25x18']);
});
