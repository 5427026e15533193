/**
 * perft() must count only legal moves: in frisian and frysk! that includes the king-move limit
 * (a king that made three quiet moves in a row may not make a fourth while its side has men),
 * which a position carries as its FEN's :KW/:KB field and play() keeps up to date.
 */
import { unwrap } from '../../src/rules/errors.js';
import { divide, perft } from '../../src/rules/perft.js';
import { Position } from '../../src/rules/position.js';
import { REF_BOARD, refPerft, refPosition } from './reference/index.js';
import { prng, randomFen } from './reference/random.js';

/** Leaves through the public API (legalMoves and play keep the king runs). */
const tree = (pos: Position, depth: number): number =>
  depth === 0 ? 1 : pos.legalMoves().reduce((n, m) => n + tree(pos.play(m), depth - 1), 0);

describe('frisian perft keeps the king-move limit', () => {
  test('a frozen king adds no quiet move at depth 1', () => {
    // White: king on a3 (36) after three quiet moves, man on g1 (49); Black: king on j10 (5).
    const pos = unwrap(Position.fromFen('frisian', 'W:WK36,49:BK5:KW36/3'));
    expect(pos.moveCount()).toBe(2);
    expect(perft(pos, 1)).toBe(2);
  });

  test('a run reaching the limit inside the tree', () => {
    const pos = unwrap(Position.fromFen('frisian', 'W:WK36,49:BK5:KW36/2'));
    expect(perft(pos, 3)).toBe(tree(pos, 3));
    expect(divide(pos, 3).reduce((n, d) => n + d.count, 0)).toBe(tree(pos, 3));
  });

  test.each(['frisian', 'frysk'] as const)(
    '%s: perft = the legal tree = the reference, to depth 3, on 150 random positions with runs',
    (variant) => {
      const rand = prng(variant === 'frisian' ? 61 : 62);
      const wrong: string[] = [];
      for (let i = 0; i < 150; i++) {
        const fen = randomFen(rand, {
          ...REF_BOARD[variant],
          maxPieces: 6,
          kingChance: 0.5,
          runLimit: 3,
        });
        const pos = unwrap(Position.fromFen(variant, fen));
        const counts = [1, 2, 3].map((d) => perft(pos, d));
        const legal = [1, 2, 3].map((d) => tree(pos, d));
        const ref = [1, 2, 3].map((d) => refPerft(variant, refPosition(variant, fen), d));
        if (counts.join() !== legal.join() || legal.join() !== ref.join()) wrong.push(fen);
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );
});
