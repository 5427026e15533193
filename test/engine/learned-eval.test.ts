/** The learned evaluation: its weights modules, colour symmetry, material, draws and the fit. */
import { Engine, Evaluator } from '../../src/engine/index.js';
import { decodeWeights, encodeWeights, LearnedEval } from '../../src/engine/learned-eval.js';
import { FeatureList, Features, layoutFor } from '../../src/engine/patterns.js';
import { LEARNED } from '../../src/engine/weights/index.js';
import { BLACK, BLACK_KING, BLACK_MAN, WHITE, WHITE_KING } from '../../src/rules/board.js';
import { geometry } from '../../src/rules/geometry.js';
import { Position } from '../../src/rules/position.js';
import type { VariantId } from '../../src/rules/types.js';
import { getVariant } from '../../src/rules/variants/index.js';
import { Dataset } from '../../scripts/engine-train/dataset.js';
import { fit, meanLoss, split } from '../../scripts/engine-train/fit.js';
import { playGame } from '../../scripts/engine-train/selfplay.js';
import { randomPositions } from './helpers.js';

/** The board turned 180 degrees with the colours swapped. */
function flipped(board: Int8Array): Int8Array {
  const n = board.length;
  const out = new Int8Array(n);
  for (let sq = 0; sq < n; sq++) {
    const v = board[sq];
    out[n - 1 - sq] = v === 0 ? 0 : (v & ~(WHITE | BLACK)) | ((v & WHITE) !== 0 ? BLACK : WHITE);
  }
  return out;
}

const FLYING8: VariantId[] = ['brazilian', 'russian', 'pool', 'spanish', 'czech'];

test('the families with weights: international and the flying-king 8x8 variants', () => {
  expect(Object.keys(LEARNED).sort()).toEqual(['flying10', 'flying8']);
});

test.each(Object.entries(LEARNED))('%s: the module decodes to its feature count', (_, w) => {
  const weights = decodeWeights(w);
  expect(weights.length).toBe(w.count);
  expect(w.count).toBe(2 * layoutFor(w.size).block);
  expect(encodeWeights(weights)).toBe(w.data);
  expect(w.positions).toBeGreaterThan(0);
  expect(w.validLoss).toBeGreaterThan(0);
  expect(() => decodeWeights({ ...w, count: w.count + 1 })).toThrow(/features/);
});

test.each([['international' as VariantId], ...FLYING8.map((v) => [v])])(
  '%s: a position and its mirror with the other side to move score alike',
  (variant) => {
    const full = new Evaluator(getVariant(variant), 'full');
    const hand = new Evaluator(getVariant(variant), 'hand');
    let differs = 0;
    for (const pos of randomPositions(variant, 12, 30)) {
      const s = full.evaluate(pos.board, WHITE);
      expect(full.evaluate(flipped(pos.board), BLACK)).toBe(s);
      expect(full.evaluate(pos.board, BLACK)).toBe(0 - s);
      if (s !== hand.evaluate(pos.board, WHITE)) differs++;
    }
    // The learned evaluation is the one in use for 'full'.
    expect(differs).toBeGreaterThan(6);
  },
);

test.each([['international'], ['brazilian'], ['spanish']] as const)(
  "%s: the evaluator's fast path scores as the trainer's feature list",
  (variant) => {
    const g = getVariant(variant).geometry;
    const e = new LearnedEval(g, g.size === 10 ? LEARNED.flying10 : LEARNED.flying8);
    const list = new FeatureList();
    const boards = [...randomPositions(variant, 20, 30), ...randomPositions(variant, 20, 90)];
    let kings = 0;
    for (const pos of boards) {
      expect(e.evaluate(pos.board)).toBe(e.evaluateSlow(pos.board, list));
      expect(Array.from(e.pieces)).toEqual(Array.from(list.pieces));
      kings += list.pieces[1] + list.pieces[3];
    }
    expect(kings).toBeGreaterThan(0); // king terms were read too
  },
);

test('spanish (a1 light) reads a board as brazilian reads its left-right mirror', () => {
  const br = getVariant('brazilian');
  const es = geometry(8, false);
  const a = new LearnedEval(br.geometry, LEARNED.flying8);
  const b = new LearnedEval(es, LEARNED.flying8);
  const g = br.geometry;
  for (const pos of randomPositions('brazilian', 10, 24)) {
    const mirror = new Int8Array(32);
    for (let sq = 0; sq < 32; sq++) {
      const to = es.colOf.findIndex((c, i) => es.rowOf[i] === g.rowOf[sq] && c === 7 - g.colOf[sq]);
      mirror[to] = pos.board[sq];
    }
    expect(b.evaluate(mirror)).toBe(a.evaluate(pos.board));
  }
});

test.each([['international'], ['brazilian']] as const)(
  '%s: the start is about level and a man up is clearly ahead',
  (variant) => {
    const v = getVariant(variant);
    const e = new Evaluator(v, 'full');
    const start = Position.initial(variant).board;
    expect(Math.abs(e.evaluate(start, WHITE))).toBeLessThan(30);
    const up = Int8Array.from(start);
    // One of Black's men from its back rank (square 1 is Black's side on every board here).
    expect(up[1]).toBe(BLACK_MAN);
    up[1] = 0;
    expect(e.evaluate(up, WHITE)).toBeGreaterThan(50);
    expect(e.evaluate(up, BLACK)).toBeLessThan(-50);
  },
);

test.each([['international'], ['brazilian']] as const)('%s: known draws still score 0', (v) => {
  const variant = getVariant(v);
  const n = variant.geometry.squares;
  const e = new Evaluator(variant, 'full');
  const kk = new Int8Array(n);
  kk[3] = WHITE_KING;
  kk[n - 4] = BLACK_KING;
  expect(e.evaluate(kk, WHITE)).toBe(0);
  // A lone king against two pieces (flying kings).
  kk[n - 8] = BLACK_MAN;
  expect(e.evaluate(kk, BLACK)).toBe(0);
  expect(e.evaluate(kk, WHITE)).toBe(0);
});

test('the fit lowers the loss on a small seeded set, and repeats itself', () => {
  const variant = getVariant('brazilian');
  const engine = new Engine(variant, 1);
  const data = new Dataset(new Features(variant.geometry));
  for (let g = 0; g < 20; g++) {
    const game = playGame(engine, 'brazilian', 7, g, 150, 'hand');
    if (game !== null) for (const b of game.boards) data.add(b, game.result, g);
  }
  expect(data.size).toBeGreaterThan(300);
  const options = { epochs: 3, batch: 64, lr: 1, l2: 1e-5, seed: 3, man: 100, king: 260 };
  const a = fit(data, options);
  expect(a.trainLoss).toBeLessThan(a.startLoss - 0.01);
  const b = fit(data, options);
  expect(Array.from(b.weights)).toEqual(Array.from(a.weights));
  const { valid } = split(data);
  expect(valid.length).toBeGreaterThan(0);
  expect(meanLoss(data, a.weights, data.features.layout.block, valid)).toBe(a.validLoss);
});
