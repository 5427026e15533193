/**
 * Antidraughts and breakthrough keep international's rules of play: the same moves from every
 * position (breakthrough's until a king stands); only how the game ends differs.
 */
import { unwrap } from '../../src/rules/errors.js';
import { advance, outcome, startProgress } from '../../src/rules/outcome.js';
import { perft } from '../../src/rules/perft.js';
import { Position } from '../../src/rules/position.js';
import { REF_BOARD } from './reference/index.js';
import { prng, randomFen } from './reference/random.js';

const at = (variant: 'international' | 'antidraughts' | 'breakthrough', fen: string) =>
  unwrap(Position.fromFen(variant, fen));

/** Seeded random 10x10 positions. */
function fens(seed: number, count: number, kingChance: number, maxPieces = 20): string[] {
  const rand = prng(seed);
  return Array.from({ length: count }, () =>
    randomFen(rand, { ...REF_BOARD.international, maxPieces, kingChance }),
  );
}

const hasKing = (pos: Position): boolean => pos.count('white').kings + pos.count('black').kings > 0;

describe('antidraughts: international moves, the loser of pieces wins', () => {
  test('the same legal moves as international on 2000 random positions, kings included', () => {
    const differ = fens(51, 2000, 0.3).filter(
      (fen) =>
        JSON.stringify(at('antidraughts', fen).legalMoves()) !==
        JSON.stringify(at('international', fen).legalMoves()),
    );
    expect(differ).toEqual([]);
  });

  test('the same perft as international to depth 3 on 150 random positions', () => {
    const differ = fens(52, 150, 0.2, 12).filter(
      (fen) =>
        [1, 2, 3].map((d) => perft(at('antidraughts', fen), d)).join() !==
        [1, 2, 3].map((d) => perft(at('international', fen), d)).join(),
    );
    expect(differ).toEqual([]);
  });

  test('a side left without pieces wins (given-away)', () => {
    // White takes Black's last man: Black, to move with nothing, has won.
    const g0 = startProgress(at('antidraughts', 'W:W32:B27'));
    const take = g0.position.legalMoves();
    expect(take.map((m) => m.captures)).toEqual([[27]]);
    const g = advance(g0, take[0]);
    expect(outcome(g)).toEqual({ winner: 'black', reason: 'given-away' });
    // International: the same position is Black's loss.
    const intl = advance(startProgress(at('international', 'W:W32:B27')), take[0]);
    expect(outcome(intl)).toEqual({ winner: 'white', reason: 'no-pieces' });
  });

  test('a side without a move wins (given-away)', () => {
    // Black's man on 5 (j10) has one square ahead, 10 (i9), held by a white man that cannot be
    // taken: 14 (h8) behind it is occupied too.
    const fen = 'B:W10,14:B5';
    expect(at('antidraughts', fen).moveCount()).toBe(0);
    expect(outcome(startProgress(at('antidraughts', fen)))).toEqual({
      winner: 'black',
      reason: 'given-away',
    });
    expect(outcome(startProgress(at('international', fen)))).toEqual({
      winner: 'white',
      reason: 'no-moves',
    });
  });
});

describe('breakthrough: international moves until the first king, who wins', () => {
  test('without kings: the same legal moves as international on 2000 random positions', () => {
    const differ = fens(53, 2000, 0).filter(
      (fen) =>
        JSON.stringify(at('breakthrough', fen).legalMoves()) !==
        JSON.stringify(at('international', fen).legalMoves()),
    );
    expect(differ).toEqual([]);
  });

  test('perft = international perft cut at the first king, on 150 random positions', () => {
    /** International's tree, where a position with a king on the board has no move. */
    const cut = (pos: Position, d: number): number =>
      d === 0
        ? 1
        : hasKing(pos)
          ? 0
          : pos.legalMoves().reduce((n, m) => n + cut(pos.play(m), d - 1), 0);
    // Men only, many near the far rows, so lines crown within the depth.
    const differ = fens(54, 150, 0, 10).filter((fen) => {
      const b = at('breakthrough', fen);
      const i = at('international', fen);
      return [1, 2, 3].some((d) => perft(b, d) !== cut(i, d));
    });
    expect(differ).toEqual([]);
  });

  test('with a king on the board nobody moves and its owner has won (crowned)', () => {
    let kings = 0;
    for (const fen of fens(55, 500, 0.1)) {
      const b = at('breakthrough', fen);
      if (!hasKing(b) || b.count('white').kings * b.count('black').kings > 0) continue;
      kings++;
      expect(b.moveCount()).toBe(0);
      const owner = b.count('white').kings > 0 ? 'white' : 'black';
      expect(outcome(startProgress(b))).toEqual({ winner: owner, reason: 'crowned' });
    }
    expect(kings).toBeGreaterThan(100);
  });

  test('crowning ends the game at once, capture or not', () => {
    const g0 = startProgress(at('breakthrough', 'W:W7,40:B45'));
    const crown = unwrap(g0.position.findMove({ from: 7, to: 1 }));
    expect(crown.promoted).toBe(true);
    const g = advance(g0, crown);
    expect(g.position.moveCount()).toBe(0);
    expect(outcome(g)).toEqual({ winner: 'white', reason: 'crowned' });
    // International plays on: Black's man on 45 has a move.
    const intl = advance(startProgress(at('international', 'W:W7,40:B45')), crown);
    expect(outcome(intl)).toBeNull();
  });
});
