/**
 * The reasons rules errors carry for a person (RulesError.reason): a client words them in its
 * own language, so each error a player can meet in a FEN, a set-up position or a PDN file has
 * one, with the values its words need.
 */
import {
  parsePdnTrees,
  Position,
  startPosition,
  type RulesReason,
  type RulesResult,
} from '../../src/rules/index.js';

const reasonOf = (r: RulesResult<unknown>): RulesReason | undefined =>
  r.ok ? undefined : r.error.reason;

test.each([
  ['W:W21-32:B1-12:', { key: 'fenShape' }],
  ['nonsense', { key: 'fenShape' }],
  ['W:W21-33:B1', { key: 'fenShape' }],
  ['W:W21,21:B1', { key: 'fenShape' }],
  ['W:W2:B9', { key: 'crowned', color: 'white', square: 2 }],
  ['W:W20:B30', { key: 'crowned', color: 'black', square: 30 }],
])('FEN %s: %j', (fen, reason) => {
  expect(reasonOf(Position.fromFen('brazilian', fen))).toEqual(reason);
});

test('a set-up position that is already decided says why', () => {
  expect(reasonOf(startPosition('brazilian', 'W:W14:B'))).toEqual({
    key: 'noPieces',
    color: 'black',
  });
  expect(reasonOf(startPosition('brazilian', 'W:W:B5'))).toEqual({
    key: 'noPieces',
    color: 'white',
  });
  // White to move, its one man blocked by two black men in a row.
  expect(reasonOf(startPosition('brazilian', 'W:W29:B25,22'))).toEqual({ key: 'cannotMove' });
});

test.each([
  ['1. 11-15 22-18 2. 15-19 *', 'english', { key: 'pdnMove', line: 1, move: '2.', text: '15-19' }],
  ['1. 99-98 *', 'brazilian', { key: 'pdnMove', line: 1, move: '1.', text: '99-98' }],
  ['[Event "x"\n1. 22-18 *', 'brazilian', { key: 'pdnLine', line: 1 }],
  ['\n\n1. 22-18 } *', 'brazilian', { key: 'pdnLine', line: 3 }],
  ['1. 22-18 (21-17 *', 'brazilian', { key: 'pdnUnclosed' }],
  ['[GameType "99"]\n1. 22-18 *', 'brazilian', { key: 'pdnVariant' }],
  ['[FEN "W:W2:B9"]\n1. 2-6 *', 'brazilian', { key: 'pdnFen' }],
] as const)('PDN %j: %j', (text, variant, reason) => {
  const [game] = parsePdnTrees(text, variant);
  expect(reasonOf(game)).toMatchObject(reason);
});

test("a move's reason keeps the rules' code, so a client says what was wrong with it", () => {
  const [illegal] = parsePdnTrees('1. 11-15 22-18 2. 15-19 *', 'english');
  const [unreadable] = parsePdnTrees('1. 99-98 *', 'brazilian');
  expect(reasonOf(illegal)).toMatchObject({ code: 'ILLEGAL_MOVE' });
  expect(reasonOf(unreadable)).toMatchObject({ code: 'INVALID_MOVE_TEXT' });
});
