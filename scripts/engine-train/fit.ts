/**
 * Logistic regression of game results on the learned evaluation's features: the expected score
 * for White is sigmoid(K * eval), eval in centi-men with the middle-game and ending weights
 * tapered by the phase (as learned-eval.ts). Mini-batch Adam with L2 on every weight but the
 * material ones, seeded shuffles: the same data and seed give the same weights.
 */
import { mulberry32, unit } from '../../src/engine/random.js';
import { KING_F, MAN } from '../../src/engine/patterns.js';
import type { Dataset } from './dataset.js';

/** The analysis' winning-chance scale (docs/ENGINE.md): expected score = sigmoid(K * cp). */
export const K = 0.00368208;

export interface FitOptions {
  readonly epochs: number;
  readonly batch: number;
  readonly lr: number;
  readonly l2: number;
  readonly seed: number;
  /** Initial material (centi-men): a man, a king. */
  readonly man: number;
  readonly king: number;
  readonly log?: (line: string) => void;
}

export interface FitResult {
  /** Float weights: middle-game block then ending block. */
  readonly weights: Float64Array;
  readonly trainLoss: number;
  readonly validLoss: number;
  /** The loss of the initial weights (material only) on the training set. */
  readonly startLoss: number;
  readonly epochs: number;
}

/** Positions of one game out of ten go to validation (by game number). */
export const isValidation = (game: number): boolean => game % 10 === 9;

function score(d: Dataset, w: Float64Array, block: number, i: number): number {
  const t = d.phase[i];
  let mid = 0;
  let end = 0;
  for (let j = d.at[i], e = d.at[i + 1]; j < e; j++) {
    const f = d.index[j];
    const v = d.value[j];
    mid += w[f] * v;
    end += w[block + f] * v;
  }
  return t * mid + (1 - t) * end;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

function logLoss(p: number, y: number): number {
  const q = Math.min(Math.max(p, 1e-9), 1 - 1e-9);
  return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
}

/** Mean log-loss over the positions in `rows`. */
export function meanLoss(d: Dataset, w: Float64Array, block: number, rows: Int32Array): number {
  let s = 0;
  for (let r = 0; r < rows.length; r++) {
    const i = rows[r];
    s += logLoss(sigmoid(K * score(d, w, block, i)), d.label[i]);
  }
  return rows.length > 0 ? s / rows.length : 0;
}

export function split(d: Dataset): { train: Int32Array; valid: Int32Array } {
  const train: number[] = [];
  const valid: number[] = [];
  for (let i = 0; i < d.size; i++) (isValidation(d.game[i]) ? valid : train).push(i);
  return { train: Int32Array.from(train), valid: Int32Array.from(valid) };
}

export function fit(d: Dataset, o: FitOptions): FitResult {
  const block = d.features.layout.block;
  const nw = 2 * block;
  const w = new Float64Array(nw);
  w[MAN] = w[block + MAN] = o.man;
  w[KING_F] = w[block + KING_F] = o.king;
  const m = new Float64Array(nw);
  const v = new Float64Array(nw);
  const g = new Float64Array(nw);
  const { train, valid } = split(d);
  const rng = mulberry32(o.seed);
  const order = Int32Array.from(train);
  const startLoss = meanLoss(d, w, block, train);
  const b1 = 0.9;
  const b2 = 0.999;
  let step = 0;
  let best = Infinity;
  let bestW = Float64Array.from(w);
  let bestEpoch = 0;
  const batches = Math.ceil(order.length / o.batch);
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(unit(rng) * (i + 1));
      const x = order[i];
      order[i] = order[j];
      order[j] = x;
    }
    // Cosine decay of the step size over the whole run.
    const lr = o.lr * (0.1 + 0.9 * 0.5 * (1 + Math.cos((Math.PI * (epoch - 1)) / o.epochs)));
    for (let b = 0; b < batches; b++) {
      g.fill(0);
      const from = b * o.batch;
      const to = Math.min(order.length, from + o.batch);
      for (let r = from; r < to; r++) {
        const i = order[r];
        const t = d.phase[i];
        const err = K * (sigmoid(K * score(d, w, block, i)) - d.label[i]);
        for (let j = d.at[i], e = d.at[i + 1]; j < e; j++) {
          const f = d.index[j];
          const x = err * d.value[j];
          g[f] += x * t;
          g[block + f] += x * (1 - t);
        }
      }
      const scale = 1 / (to - from);
      step++;
      const c1 = 1 - Math.pow(b1, step);
      const c2 = 1 - Math.pow(b2, step);
      for (let f = 0; f < nw; f++) {
        const k = f % block;
        const reg = k === MAN || k === KING_F ? 0 : 2 * o.l2 * w[f];
        const gf = g[f] * scale + reg;
        m[f] = b1 * m[f] + (1 - b1) * gf;
        v[f] = b2 * v[f] + (1 - b2) * gf * gf;
        w[f] -= (lr * (m[f] / c1)) / (Math.sqrt(v[f] / c2) + 1e-12);
      }
    }
    const vl = valid.length > 0 ? meanLoss(d, w, block, valid) : meanLoss(d, w, block, train);
    o.log?.(`epoch ${epoch}: validation loss ${vl.toFixed(5)} (lr ${lr.toFixed(3)})`);
    if (vl < best) {
      best = vl;
      bestW = Float64Array.from(w);
      bestEpoch = epoch;
    }
  }
  return {
    weights: bestW,
    trainLoss: meanLoss(d, bestW, block, train),
    validLoss: valid.length > 0 ? meanLoss(d, bestW, block, valid) : NaN,
    startLoss,
    epochs: bestEpoch,
  };
}
