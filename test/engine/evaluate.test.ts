/** The evaluation: colour symmetry, each family's king value and a few terms' direction. */
import { Evaluator, familyOf } from '../../src/engine/index.js';
import { BLACK, WHITE } from '../../src/rules/board.js';
import { Position } from '../../src/rules/position.js';
import { VARIANT_IDS, type VariantId } from '../../src/rules/types.js';
import { getVariant } from '../../src/rules/variants/index.js';
import { position } from '../rules/helpers.js';
import { randomPositions } from './helpers.js';

/** The board turned 180 degrees with the colours swapped: the same position for the other side. */
function flipped(board: Int8Array): Int8Array {
  const n = board.length;
  const out = new Int8Array(n);
  for (let sq = 0; sq < n; sq++) {
    const v = board[sq];
    out[n - 1 - sq] = v === 0 ? 0 : (v & ~(WHITE | BLACK)) | ((v & WHITE) !== 0 ? BLACK : WHITE);
  }
  return out;
}

test.each(VARIANT_IDS.map((v) => [v]))('%s: a position and its mirror score alike', (variant) => {
  for (const kind of ['full', 'simple'] as const) {
    const e = new Evaluator(getVariant(variant), kind);
    for (const pos of randomPositions(variant, 6, 30)) {
      const s = e.evaluate(pos.board, WHITE);
      expect(e.evaluate(flipped(pos.board), BLACK)).toBe(s);
      expect(e.evaluate(pos.board, BLACK)).toBe(0 - s); // 0 - s: a drawn or level 0 is +0 for both sides
    }
  }
});

test('families: short kings for english and italian, flying 10x10 for international', () => {
  const fam = (v: VariantId) => familyOf(getVariant(v));
  expect(fam('english')).toBe('short8');
  expect(fam('italian')).toBe('short8');
  for (const v of ['brazilian', 'russian', 'pool', 'spanish', 'czech'] as VariantId[])
    expect(fam(v)).toBe('flying8');
  expect(fam('international')).toBe('flying10');
});

describe('terms', () => {
  // The hand evaluation's terms ('full' is the learned one in families with weights).
  const score = (p: Position) => new Evaluator(p.variant, 'hand').evaluate(p.board, WHITE);

  test('a flying king is worth more than a short one', () => {
    const k = (v: VariantId) => score(position(v, 'W', ['Kd4', 'a1'], ['h8', 'f8']));
    expect(k('brazilian')).toBeGreaterThan(k('english'));
  });

  test('a runaway man beats a man that an enemy man can still stop', () => {
    const free = position('english', 'W', ['c5', 'a1'], ['h8', 'h6']);
    const stopped = position('english', 'W', ['c5', 'a1'], ['h8', 'c7']);
    expect(score(free)).toBeGreaterThan(score(stopped) + 10);
  });

  test('a flying king on the long diagonal scores more than one off it', () => {
    const on = position('brazilian', 'W', ['Kd4', 'a3'], ['h6', 'g7', 'f8']);
    const off = position('brazilian', 'W', ['Kd2', 'a3'], ['h6', 'g7', 'f8']);
    expect(score(on)).toBeGreaterThan(score(off));
  });

  test('king against king is 0 in every family', () => {
    expect(score(position('english', 'W', ['Kc1'], ['Kh8']))).toBe(0);
    expect(score(position('brazilian', 'W', ['Kc1'], ['Kh8']))).toBe(0);
    expect(score(position('international', 'W', ['Kc1'], ['Kj10']))).toBe(0);
  });
});
