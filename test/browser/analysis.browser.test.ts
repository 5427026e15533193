/**
 * The analysis board and the board editor in real Chromium: a position set up in the editor and
 * played against the computer; moves and a side line on the analysis board with the engine's
 * lines live, the FEN, PDN export and import (a file of games, one with an illegal move); and a
 * finished game opened on the board at a ply.
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
  expect(await page.locator('.piece').count()).toBe(4);
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
  expect(await page.textContent('#engine-status')).toMatch(/^Depth \d+$/);

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
  expect(await page.locator('.piece').count()).toBe(4);
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
    '2. (cannot be read)',
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
  await page.selectOption('#pdn-games', '1');
  expect(await page.textContent('#pdn-error')).toBe(
    'Game 2: Line 10, move 2. "15-19": not a legal move here.',
  );
  await page.selectOption('#pdn-games', '2');
  expect(await page.isVisible('#pdn-error')).toBe(false);
  expect(await page.inputValue('#variant')).toBe('russian');
  expect(await page.locator('#tree .tree-move').count()).toBe(4);
  const three = unwrap(parsePdnTree(file.slice(file.indexOf('[Event "three"]'))));
  await page.keyboard.press('End');
  expect(await page.textContent('#tree .tree-move.current')).toBe(mainLine(three)[3].text);
  expect(await page.inputValue('#fen')).toBe(mainLine(three)[3].position.fen);
  // Back: the game imported before it, whole (its side line too); Forward: this one again.
  await page.goBack();
  await page.waitForFunction(() => document.querySelectorAll('#tree .tree-move').length === 6);
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
