/**
 * The library's move generator against the slow reference generators of test/rules/reference,
 * written from the rules text alone: perft from the start, and the legal move sets (origin,
 * destination, captured set, crowning) of thousands of seeded random positions.
 */
import { unwrap } from '../../src/rules/errors.js';
import { perft } from '../../src/rules/perft.js';
import { Position } from '../../src/rules/position.js';
import { PERFT_INITIAL } from './fixtures/perft-table.js';
import { difference } from './reference/compare.js';
import { REF_BOARD, refPerft, refPosition, type RefVariant } from './reference/index.js';
import { prng, randomFen, type RandomSpec } from './reference/random.js';

const slow = process.env.DAMAS_SLOW === '1';

describe('perft from the start: reference = library = table', () => {
  const deepest: Record<RefVariant, number> = {
    frysk: slow ? 6 : 5,
    frisian: slow ? 5 : 4,
    thai: slow ? 6 : 5,
    turkish: slow ? 5 : 4,
    international: slow ? 5 : 4,
    canadian: slow ? 4 : 3,
  };
  const cases = (Object.keys(deepest) as RefVariant[]).flatMap((variant) =>
    Array.from({ length: deepest[variant] }, (_, i) => ({ variant, depth: i + 1 })),
  );
  test.each(cases)(
    '$variant perft($depth)',
    ({ variant, depth }) => {
      const start = Position.initial(variant);
      const reference = refPerft(variant, refPosition(variant, start.fen), depth);
      expect(reference).toBe(perft(start, depth));
      expect(reference).toBe(PERFT_INITIAL[variant][depth - 1]);
    },
    120_000,
  );
});

/** Random positions of a variant: the FENs whose move sets differ (none expected). */
function differences(variant: RefVariant, seed: number, count: number, spec: Partial<RandomSpec>) {
  const rand = prng(seed);
  const found = [];
  for (let i = 0; i < count; i++) {
    const fen = randomFen(rand, { ...REF_BOARD[variant], maxPieces: 12, kingChance: 0.3, ...spec });
    const d = difference(variant, fen);
    if (d !== null) found.push(d);
  }
  return found.slice(0, 3);
}

describe('legal move sets on seeded random positions: library = reference', () => {
  test.each([
    // Crowded boards give long chains and the value rule; kings on both sides.
    { variant: 'frisian', seed: 31, count: 2000, spec: { maxPieces: 20, runLimit: 3 } },
    // Sparse boards with many kings: quiet moves, where a king run freezes a king.
    {
      variant: 'frisian',
      seed: 32,
      count: 2000,
      spec: { maxPieces: 6, kingChance: 0.5, runLimit: 3 },
    },
    { variant: 'thai', seed: 33, count: 3000, spec: { maxPieces: 12 } },
    { variant: 'turkish', seed: 34, count: 3000, spec: { maxPieces: 20 } },
    { variant: 'international', seed: 35, count: 1000, spec: { maxPieces: 20 } },
    { variant: 'canadian', seed: 36, count: 1000, spec: { maxPieces: 30 } },
  ] as const)(
    '$variant: $count positions (seed $seed)',
    ({ variant, seed, count, spec }) => {
      expect(differences(variant, seed, count, spec)).toEqual([]);
    },
    120_000,
  );
});

describe('perft 3 from random positions: the library tree (Position.play) = reference', () => {
  /** Leaves through the public API, which keeps frisian's king runs as the game goes. */
  const treeCount = (pos: Position, depth: number): number =>
    depth === 0 ? 1 : pos.legalMoves().reduce((n, m) => n + treeCount(pos.play(m), depth - 1), 0);
  test.each([
    { variant: 'frisian', seed: 41, spec: { maxPieces: 6, kingChance: 0.5, runLimit: 3 } },
    { variant: 'thai', seed: 42, spec: { maxPieces: 8 } },
    { variant: 'turkish', seed: 43, spec: { maxPieces: 8 } },
  ] as const)(
    '$variant: 100 positions (seed $seed)',
    ({ variant, seed, spec }) => {
      const rand = prng(seed);
      const wrong: string[] = [];
      for (let i = 0; i < 100; i++) {
        const fen = randomFen(rand, { ...REF_BOARD[variant], kingChance: 0.3, ...spec });
        const lib = treeCount(unwrap(Position.fromFen(variant, fen)), 3);
        if (lib !== refPerft(variant, refPosition(variant, fen), 3)) wrong.push(fen);
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );
});
