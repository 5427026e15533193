/** The explorer's pure rules (issue 35): keys, bands, a game's cells and their merge, PDN chunks. */
import { EXPLORER_PLIES, RATING_BANDS } from '../../src/common/protocol.js';
import {
  bandOf,
  boardKey,
  fenKey,
  gameCells,
  mergeCells,
  pathText,
  textPath,
  type IndexedGame,
} from '../../src/explorer/explorer-rules.js';
import { isoDate, pdnChunks } from '../../src/explorer/masters-import.js';
import { Position, VARIANT_IDS, type Move } from '../../src/rules/index.js';

test.each([
  [null, null, 1500],
  [0, 0, 0],
  [999, 999, 0],
  [1000, 1000, 1000],
  [1450, 1550, 1500],
  [1499, 1500, 1400],
  [1999, 2001, 2000],
  [2499, 2499, 2200],
  [2500, 2600, 2500],
  [3000, 3000, 2500],
])('band of %p and %p: %p', (white, black, band) => {
  expect(RATING_BANDS[bandOf(white, black)]).toBe(band);
});

test('11 bands from 0 to 2500+', () => {
  expect(RATING_BANDS).toHaveLength(11);
  expect(RATING_BANDS[0]).toBe(0);
  expect(RATING_BANDS[10]).toBe(2500);
});

// FROZEN: the index stores these keys; a change here orphans every stored row.
test.each([
  ['brazilian', 'W:W21-32:B1-12', '7657090835074504355'],
  ['international', 'W:W31-50:B1-20', '-3923760360436846413'],
  ['brazilian', 'B:W21-32:B1-12', '-7746834836719983582'],
])('the key of %s %s is frozen', (variant, fen, key) => {
  expect(fenKey(variant as 'brazilian', fen)).toBe(key);
});

test('keys: side to move and every piece count; equal positions, equal keys', () => {
  const start = Position.initial('brazilian');
  const after = start.play(start.legalMoves()[0]);
  const keys = new Set([
    boardKey(start.board, 'white'),
    boardKey(start.board, 'black'),
    boardKey(after.board, after.turn),
    boardKey(after.board, 'white'),
  ]);
  expect(keys.size).toBe(4);
  expect(fenKey('brazilian', after.fen)).toBe(boardKey(after.board, after.turn));
  // A FEN written another way is the same position.
  expect(fenKey('brazilian', 'W:B1,2,3,4,5,6,7,8,9,10,11,12:W21-32')).toBe(
    fenKey('brazilian', 'W:W21-32:B1-12'),
  );
});

test('move texts: the whole path, quiet or capture, read back', () => {
  expect(pathText([32, 28], false)).toBe('32-28');
  expect(pathText([26, 17, 8], true)).toBe('26x17x8');
  expect(textPath('26x17x8')).toEqual([26, 17, 8]);
});

/** A game of moves spread over the board, `plies` long (fewer if it ends). */
function firstMoves(plies: number, id = 'g1', winner: 'white' | 'black' | null = 'white') {
  let pos = Position.initial('brazilian');
  const moves: Move[] = [];
  for (let i = 0; i < plies && pos.legalMoves().length > 0; i++) {
    const ms = pos.legalMoves();
    const m = ms[(i * 13 + 5) % ms.length];
    pos = pos.play(m);
    moves.push(m);
  }
  const game: IndexedGame = {
    id,
    variant: 'brazilian',
    initialFen: Position.initial('brazilian').fen,
    winner,
    speed: 'blitz',
    whiteRating: 1600,
    blackRating: 1700,
    at: '2026-11-28T00:00:00.000Z',
    moves,
  };
  return game;
}

test(`a game adds its first ${EXPLORER_PLIES} plies, one cell each, in its band and speed`, () => {
  const long = firstMoves(80);
  expect(long.moves.length).toBeGreaterThan(EXPLORER_PLIES);
  const cells = gameCells(long);
  expect(cells).toHaveLength(EXPLORER_PLIES);
  expect(cells[0]).toMatchObject({
    key: fenKey('brazilian', long.initialFen),
    move: pathText(long.moves[0].path, long.moves[0].captures.length > 0),
    speed: 1, // blitz
    band: RATING_BANDS.indexOf(1600),
    white: 1,
    draws: 0,
    black: 0,
    ratingSum: 1650,
    rated: 1,
  });
  expect(gameCells(firstMoves(3))).toHaveLength(3);
});

test.each(VARIANT_IDS)(
  "the boards replayed from stored moves are the rules' positions (%s)",
  (variant) => {
    for (let seed = 1; seed <= 6; seed++) {
      let pos = Position.initial(variant);
      const moves: Move[] = [];
      const keys: string[] = [];
      for (let i = 0; i < EXPLORER_PLIES; i++) {
        const ms = pos.legalMoves();
        if (ms.length === 0) break;
        keys.push(fenKey(variant, pos.fen));
        const m = ms[(i * 7 + seed * 11) % ms.length];
        moves.push(m);
        pos = pos.play(m);
      }
      const cells = gameCells({
        ...firstMoves(0),
        variant,
        initialFen: Position.initial(variant).fen,
        moves,
      });
      // Each position once: the keys of its first visits, in order.
      expect(cells.map((c) => c.key)).toEqual([...new Set(keys)]);
    }
  },
);

test('a position reached again counts the game once, with the move played the first time', () => {
  // English kings step one square: no capture between them, no flying.
  const start = Position.fromFen('english', 'W:WK18:BK4');
  if (!start.ok) throw new Error(start.error.message);
  let pos = start.value;
  const go = (from: number, to?: number) => {
    const m = pos.legalMoves().find((x) => x.from === from && (to === undefined || x.to === to))!;
    pos = pos.play(m);
    return m;
  };
  const m1 = go(18);
  const m2 = go(4);
  const m3 = go(m1.to, 18);
  const m4 = go(m2.to, 4);
  expect(pos.fen).toBe(start.value.fen);
  const m5 = pos.legalMoves().find((x) => x.from === 18 && x.to !== m1.to)!;
  const cells = gameCells({
    ...firstMoves(0),
    variant: 'english',
    initialFen: start.value.fen,
    moves: [m1, m2, m3, m4, m5],
  });
  expect(cells).toHaveLength(4);
  expect(cells[0].move).toBe(pathText(m1.path, false));
});

test('merging sums equal cells and keeps the latest and the highest-rated game', () => {
  const a = gameCells({ ...firstMoves(1, 'a', 'white'), at: '2026-01-01T00:00:00.000Z' });
  const b = gameCells({
    ...firstMoves(1, 'b', null),
    whiteRating: 1650,
    blackRating: 1650,
    at: '2026-02-01T00:00:00.000Z',
  });
  const c = gameCells({
    ...firstMoves(1, 'c', 'black'),
    whiteRating: 1680,
    blackRating: 1718,
    at: '2025-01-01T00:00:00.000Z',
  });
  const merged = mergeCells([...a, ...b, ...c]);
  expect(merged).toHaveLength(1);
  expect(merged[0]).toMatchObject({
    white: 1,
    draws: 1,
    black: 1,
    ratingSum: 1650 + 1650 + 1699,
    rated: 3,
    lastGame: 'b',
    topGame: 'c',
    topRating: 1699,
  });
  // Two bands stay two rows, sorted the same way in every process.
  const d = gameCells({ ...firstMoves(1, 'd'), whiteRating: 2400, blackRating: 2400 });
  const two = mergeCells([...d, ...a]);
  expect(two.map((x) => x.band)).toEqual([...two.map((x) => x.band)].sort((x, y) => x - y));
  expect(mergeCells([...a, ...d])).toEqual(two);
});

test.each([
  ['2003.05.23', '2003-05-23'],
  ['2003.05.??', '2003-05'],
  ['1947.??.??', '1947'],
  ['????.??.??', ''],
  [undefined, ''],
])('the Date tag %p is %p', (tag, iso) => {
  expect(isoDate(tag)).toBe(iso);
});

test('a PDN file is cut into chunks of whole games', () => {
  const game = (n: number) => `[Event "E${n}"]\n[Result "2-0"]\n\n1. 22-18 11-15 2-0\n`;
  const text = Array.from({ length: 50 }, (_, i) => game(i)).join('\n');
  const chunks = pdnChunks(text, 200);
  expect(chunks.length).toBeGreaterThan(5);
  expect(chunks.join('\n').replace(/\n+/g, '\n')).toBe(text.replace(/\n+/g, '\n'));
  for (const c of chunks) expect(c.trimStart().startsWith('[Event')).toBe(true);
});
