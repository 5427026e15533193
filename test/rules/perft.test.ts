import { perft } from '../../src/rules/perft.js';
import { Position } from '../../src/rules/position.js';
import { VARIANT_IDS } from '../../src/rules/types.js';
import { PERFT_INITIAL } from './fixtures/perft-table.js';

/**
 * Fast depths run always; DAMAS_SLOW=1 (npm run test:slow, CI) adds the deep ones
 * (8x8 to d10, 10x10 to d9: about a minute on 2 cores).
 */
const slow = process.env.DAMAS_SLOW === '1';
const limit = (id: string) => (id === 'international' ? (slow ? 9 : 6) : slow ? 10 : 8);

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
