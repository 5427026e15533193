import { perft, perftRoutes } from '../../src/rules/perft.js';
import { Position } from '../../src/rules/position.js';
import { VARIANT_IDS } from '../../src/rules/types.js';
import { PERFT_INITIAL, TURKISH_ROUTES } from './fixtures/perft-table.js';

/**
 * Fast depths run always; DAMAS_SLOW=1 (npm run test:slow, CI) adds the deep ones
 * (8x8 to d10, 10x10 to d9: about a minute on 2 cores).
 */
const slow = process.env.DAMAS_SLOW === '1';
/** The deepest ply each variant tests: 10x10 and 12x12 trees grow fast. */
const limit = (id: string): number => {
  if (['international', 'antidraughts', 'breakthrough'].includes(id)) return slow ? 9 : 6;
  if (['canadian', 'frisian', 'frysk'].includes(id)) return slow ? 8 : 6;
  if (['thai', 'turkish'].includes(id)) return slow ? 8 : 7;
  return slow ? 10 : 8;
};

const cases = VARIANT_IDS.flatMap((id) =>
  PERFT_INITIAL[id]
    .map((expected, i) => ({ id, depth: i + 1, expected }))
    .filter((c) => c.depth <= limit(c.id)),
);

describe('perft from the initial position (duplicates dropped)', () => {
  test.each(cases)(
    '$id perft($depth) = $expected',
    ({ id, depth, expected }) => {
      expect(perft(Position.initial(id), depth)).toBe(expected);
    },
    300_000,
  );
});

describe('turkish perft as kish counts it (every route; no move = 1)', () => {
  test.each(
    TURKISH_ROUTES.map((expected, i) => ({ depth: i + 1, expected })).filter(
      (c) => c.depth <= (slow ? 8 : 7),
    ),
  )(
    'perftRoutes($depth) = $expected',
    ({ depth, expected }) => {
      expect(perftRoutes(Position.initial('turkish'), depth)).toBe(expected);
    },
    300_000,
  );
});
