/**
 * The shipped starter set (assets/puzzles/<variant>.ndjson.gz): every puzzle replays legally,
 * ends on a solver move, has its own id and known themes; a fixed sample (the first two ids of
 * each variant) is re-checked for uniqueness with the engine, as the generator verified it.
 * Each set is at least as large as issue 32 asks: 1,000 puzzles for brazilian, international,
 * russian and english, 200 for every other variant. The whole set's uniqueness: npm run
 * bench:puzzles.
 */
import {
  CRITERIA,
  defaultBudgets,
  freshVerifier,
  replayRecord,
  verifyLine,
  type PuzzleRecord,
} from '../../../src/puzzle-maker/index.js';
import { getVariant, Position, VARIANT_IDS, type VariantId } from '../../../src/rules/index.js';
import { readRecords, starterFile } from '../../../scripts/puzzle-files.js';

const sets = VARIANT_IDS.map((v) => [v, readRecords(starterFile(v))] as const);

/** The starter set's size per variant that issue 32 asks. */
const LARGE: readonly VariantId[] = ['brazilian', 'international', 'russian', 'english'];
const floor = (v: VariantId): number => (LARGE.includes(v) ? 1000 : 200);

describe('the puzzle starter set', () => {
  test.each(sets.map(([v, records]) => [v, floor(v), records.length] as const))(
    '%s: at least %d puzzles',
    (_variant, min, count) => {
      expect(count).toBeGreaterThanOrEqual(min);
    },
  );

  test.each(sets)('%s: every puzzle replays legally and is well formed', (variant, records) => {
    expect(records.length).toBeGreaterThan(0);
    const problems = records.flatMap((r) => {
      if (r.variant !== variant) return [`${r.id}: variant ${r.variant}`];
      const check = replayRecord(r);
      return check.ok ? [] : [check.problem];
    });
    expect(problems).toEqual([]);
  });

  test('ids are unique across all variants', () => {
    const ids = sets.flatMap(([, records]) => records.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  const sample = sets.flatMap(([, records]) => records.slice(0, 2));
  test.each(sample.map((r) => [r.variant, r.id, r] as const))(
    '%s %s: still unique at 4x the budget',
    (_variant, _id, r: PuzzleRecord) => {
      const before = Position.fromFen(r.variant, r.fen);
      if (!before.ok) throw new Error(before.error.message);
      const nodes = defaultBudgets(getVariant(r.variant)).nodes * CRITERIA.reverify;
      const v = verifyLine(freshVerifier(before.value), before.value, r.moves, nodes);
      expect(v).toEqual({ accepted: r.accepted ?? [], depth: expect.any(Number) });
    },
  );
});
