/**
 * PDN read in part (issue 29): the moves before an error are kept and the error says where it
 * stopped; a move written in part names the legal one; a game refused by one variant's rules
 * names the variant it fits; a game read in alphanumeric notation is written back in it.
 */
import { unwrap } from '../../src/rules/errors.js';
import { parseMoveText } from '../../src/rules/notation.js';
import {
  fittingVariant,
  meantMoves,
  movesRead,
  moveText,
  notationOf,
  routeText,
  type Notation,
} from '../../src/rules/pdn-import-rules.js';
import {
  mainLine,
  makePdnTree,
  parsePdnTree,
  parsePdnTrees,
  readPdnTrees,
  type PdnRead,
} from '../../src/rules/pdn-tree.js';
import { Position } from '../../src/rules/position.js';
import type { VariantId } from '../../src/rules/types.js';

const at = (variant: VariantId, fen: string) => unwrap(Position.fromFen(variant, fen));

/** A Russian game (free choice of capture) that Brazilian's majority rule refuses at 3. 18x11. */
const RUSSIAN = ['24-19', '10-14', '22-18', '11-15', '18x11', '7x16', '19-15', '3-7'];

describe('the notation of a move', () => {
  test.each([
    ['32-28', 'numeric'],
    ['19x10', 'numeric'],
    ['c3-d4', 'alphanumeric'],
    ['e3:c5:e7', 'alphanumeric'],
    [' h2-g3', 'alphanumeric'],
  ] as const)('%s is %s', (text, notation) => expect(notationOf(text)).toBe(notation));

  test.each([
    // variant, FEN, move (numeric), notation, its text, its route
    ['russian', null, '22-18', 'alphanumeric', 'c3-d4', 'c3-d4'],
    ['russian', null, '22-18', 'numeric', '22-18', '22-18'],
    ['russian', 'W:W24,32:B1,10,19', '24x15x6', 'alphanumeric', 'g3:c7', 'g3:e5:c7'],
    ['brazilian', 'W:W24,32:B1,10,19', '24x15x6', 'numeric', '24x6', '24x15x6'],
    // Ambiguous from and to: the whole route, in either notation.
    ['brazilian', 'W:WK31:B11,15,17,26,27', '31x24x10x21', 'numeric', '31x24x10x21', '31x24x10x21'],
  ] as const)('%s %s: %s in %s is %s (route %s)', (variant, fen, move, notation, text, route) => {
    const pos = fen ? at(variant, fen) : Position.initial(variant);
    const m = unwrap(parseMoveText(pos, move));
    expect(moveText(pos, m, notation as Notation)).toBe(text);
    expect(routeText(pos, m, notation as Notation)).toBe(route);
    // What is written reads back as the same move.
    expect(unwrap(parseMoveText(pos, text))).toEqual(m);
  });
});

describe('the legal moves a move written in part may mean', () => {
  test.each([
    // A capture written to its first landing square: the whole capture.
    ['brazilian', 'W:W24,32:B1,10,19', '24x15', ['24x15x6']],
    ['russian', 'W:W24,32:B1,10,19', 'g3:e5', ['24x15x6']],
    // From and to only, where two captures join them: both.
    ['brazilian', 'W:WK31:B11,15,17,26,27', '31x21', ['31x24x10x21', '31x20x7x21']],
    // A middle square left out: the capture that passes the squares written.
    ['brazilian', 'W:WK31:B11,15,17,26,27', '31x10x21', ['31x24x10x21']],
    // A legal move means itself; a move that is nothing like a legal one, nothing.
    ['brazilian', 'W:W24,32:B1,10,19', '24x6', []],
    ['brazilian', 'W:W24,32:B1,10,19', '32-28', []],
    ['brazilian', 'W:W24,32:B1,10,19', 'zz', []],
  ] as const)('%s %s: "%s" may mean %j', (variant, fen, text, routes) => {
    const pos = at(variant, fen);
    expect(meantMoves(pos, text).map((m) => routeText(pos, m))).toEqual(routes);
  });
});

describe('the variant a game fits', () => {
  test.each([
    // Brazilian refuses its fifth move (a bigger capture is due): Russian reads it.
    [RUSSIAN, 'brazilian', 4, undefined, 'russian'],
    // Read whole by the variant tried: none fits better.
    [RUSSIAN.slice(0, 4), 'brazilian', 4, undefined, null],
    // English moves first with Black (1-12 on top): the 8x8 variants of White first refuse it.
    [['11-15', '22-18', '15x22', '25x18'], 'brazilian', 0, undefined, 'english'],
    // From a FEN: each variant reads it from there.
    [['24x15x6'], 'brazilian', 1, 'W:W24,32:B1,10,19', null],
    // Brazilian must take the two men (24x15x6); Russian may take one.
    [['27x18'], 'brazilian', 0, 'W:W24,27:B1,10,19,23', 'russian'],
  ] as const)('%j tried as %s (%d read) from %s fits %s', (texts, tried, read, fen, fits) => {
    expect(fittingVariant(texts, tried, read, fen)).toBe(fits);
  });

  test.each([
    ['russian', RUSSIAN, 8],
    ['brazilian', RUSSIAN, 4],
    ['international', RUSSIAN, 0],
  ] as const)('%s reads so many moves of the Russian game', (variant, texts, n) =>
    expect(movesRead(variant, texts)).toBe(n),
  );
});

const stopped = (r: PdnRead) => (r.ok ? r.stopped : r.error);
const texts = (r: PdnRead) => (r.ok ? mainLine(r.value).map((n) => n.text) : null);

describe('a PDN import read in part', () => {
  test('the moves before an illegal one are kept; where it stopped, and the variant they fit', () => {
    const pdn = `[Event "club"]\n[Result "2-0"]\n\n1. ${RUSSIAN.slice(0, 2).join(' ')}\n2. ${RUSSIAN.slice(2, 4).join(' ')} 3. ${RUSSIAN.slice(4).join(' ')} 2-0`;
    const [game] = readPdnTrees(pdn, 'brazilian');
    expect(texts(game)).toEqual(RUSSIAN.slice(0, 4));
    expect(stopped(game)).toEqual({
      code: 'INVALID_PDN',
      message: 'line 5, move 3. "18x11": 18-11 is not a legal move here; the moves fit russian',
      reason: {
        key: 'pdnMove',
        line: 5,
        move: '3.',
        text: '18x11',
        code: 'ILLEGAL_MOVE',
        fits: 'russian',
      },
    });
    // Not the whole game: its result is left open.
    expect(game.ok && game.value.result).toBe('*');
    // The strict reading still refuses the game whole.
    expect(parsePdnTrees(pdn, 'brazilian')[0].ok).toBe(false);
    // Read as Russian (the variant named), it is whole.
    const [again] = readPdnTrees(pdn, 'brazilian', 'russian');
    expect(again.ok && again.value.variant.id).toBe('russian');
    expect(texts(again)).toEqual(RUSSIAN);
    expect(stopped(again)).toBeUndefined();
    expect(again.ok && again.value.result).toBe('2-0');
  });

  test('a capture written in part names the legal one, not another variant', () => {
    const [game] = readPdnTrees('1. 22-18 10-15 2. 21-17 15x22 3. 26x19 *', 'brazilian');
    expect(texts(game)).toEqual(['22-18', '10-15', '21-17']);
    expect(stopped(game)?.reason).toEqual({
      key: 'pdnMove',
      line: 1,
      move: '2...',
      text: '15x22',
      code: 'ILLEGAL_MOVE',
      legal: ['15x22x13'],
    });
  });

  test('in a side line: the main line read so far and the side line up to the error are kept', () => {
    const [game] = readPdnTrees('1. 22-18 (1. 21-17 11-15 2. 99-1) 1... 11-15 *', 'brazilian');
    expect(texts(game)).toEqual(['22-18']);
    expect(game.ok && game.value.children.map((n) => n.text)).toEqual(['22-18', '21-17']);
    expect(stopped(game)?.reason).toMatchObject({ key: 'pdnMove', move: '2.', text: '99-1' });
  });

  test.each([
    // The text cut inside a comment: the moves before it are kept.
    ['1. 22-18 11-15 2. 18x11 {a comment never closed', ['22-18', '11-15', '18x11'], 'pdnLine'],
    ['1. 22-18 11-15 2. 18x11 )', ['22-18', '11-15', '18x11'], 'pdnLine'],
    ['1. 22-18 (1. 21-17 11-15 *', ['22-18'], 'pdnUnclosed'],
  ])('%s keeps %j and stops (%s)', (pdn, moves, key) => {
    const games = readPdnTrees(pdn, 'brazilian');
    expect(games).toHaveLength(1);
    expect(texts(games[0])).toEqual(moves);
    expect(stopped(games[0])?.reason?.key).toBe(key);
  });

  test('a text cut inside a game that already failed: that one game, its own error', () => {
    const games = readPdnTrees('1. 99-88 {a comment never closed', 'brazilian');
    expect(games).toHaveLength(1);
    expect(games[0].ok).toBe(false);
    expect(!games[0].ok && games[0].error.reason).toMatchObject({ key: 'pdnMove' });
  });

  test('a file cut after a whole game: that game whole, then the error on its own', () => {
    const games = readPdnTrees('1. 22-18 11-15 *\n[Event "two"\n1. 21-17 *', 'brazilian');
    expect(games.map(texts)).toEqual([['22-18', '11-15'], null]);
    expect(stopped(games[0])).toBeUndefined();
    expect(stopped(games[1])?.reason).toEqual({ key: 'pdnLine', line: 2 });
  });

  test('an error before any move was read is the error alone (with its hints)', () => {
    expect(readPdnTrees('[GameType "99"]\n1. 22-18 *', 'brazilian')[0].ok).toBe(false);
    expect(stopped(readPdnTrees('1. 99-98 *', 'brazilian')[0])?.reason).toMatchObject({
      key: 'pdnMove',
      code: 'INVALID_MOVE_TEXT',
    });
    // An English game (Black first) on the Brazilian board: refused at once, English named.
    const [english] = readPdnTrees('1. 11-15 22-18 2. 15x22 25x18 *', 'brazilian');
    expect(english.ok).toBe(false);
    expect(stopped(english)?.reason).toEqual({
      key: 'pdnMove',
      line: 1,
      move: '1.',
      text: '11-15',
      code: 'NO_PIECE',
      fits: 'english',
    });
  });
});

describe('a game written back in the notation it was read in', () => {
  const PDN = '[GameType "25"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 (2... e7:g5 3. g3-h4) 3. b2-c3 *';

  test('a Russian game in c3-d4 notation exports in it, and reads back the same', () => {
    const tree = unwrap(parsePdnTree(PDN));
    expect(tree.notation).toBe('alphanumeric');
    expect(mainLine(tree).map((n) => n.text)).toEqual([
      'c3-d4',
      'f6-e5',
      'd4:f6',
      'g7:e5',
      'b2-c3',
    ]);
    const out = makePdnTree(tree);
    expect(out).toContain('1. c3-d4 f6-e5 2. d4:f6 g7:e5 (2... e7:g5 3. g3-h4) 3. b2-c3 *');
    const back = unwrap(parsePdnTree(out));
    expect(makePdnTree(back)).toBe(out);
    expect(mainLine(back).map((n) => n.position.fen)).toEqual(
      mainLine(tree).map((n) => n.position.fen),
    );
  });

  test('a numeric game stays numeric', () => {
    const tree = unwrap(parsePdnTree('[GameType "25"]\n\n1. 22-18 11-15 2. 18x11 *'));
    expect(tree.notation).toBe('numeric');
    expect(makePdnTree(tree)).toContain('1. 22-18 11-15 2. 18x11 *');
  });
});
