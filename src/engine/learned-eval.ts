/**
 * The learned evaluation: a linear score over the features of patterns.ts, middle-game and
 * ending weights interpolated by the pieces on the board, fitted to game results by
 * `npm run engine:train` (docs/ENGINE.md, "Learned evaluation"). Pure TS: the weights are a
 * generated module (src/engine/weights/), so the browser's analysis worker runs it too.
 */
import type { Geometry } from '../rules/geometry.js';
import { FeatureList, Features, layoutFor } from './patterns.js';

/** A generated weights module's export. */
export interface LearnedWeights {
  readonly family: string;
  readonly version: number;
  /** Board size the features were laid out for. */
  readonly size: number;
  /** Weights: 2 blocks (middle game, ending) of layoutFor(size).block. */
  readonly count: number;
  /** Training data: positions and games, and the fit's log-loss (train / validation). */
  readonly positions: number;
  readonly games: number;
  readonly trainLoss: number;
  readonly validLoss: number;
  /** Int16 little-endian, in 1/UNIT centi-men, base64. */
  readonly data: string;
}

/** Weights are stored in sixteenths of a centi-man. */
export const UNIT = 16;

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The module's weights as integers (1/UNIT centi-men). */
export function decodeWeights(w: LearnedWeights): Int16Array {
  const s = w.data.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((s.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (let i = 0; i < s.length; i++) {
    acc = (acc << 6) | B64.indexOf(s[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[j++] = (acc >> bits) & 0xff;
    }
  }
  const out = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++)
    out[i] = ((bytes[2 * i] | (bytes[2 * i + 1] << 8)) << 16) >> 16;
  if (out.length !== w.count || w.count !== 2 * layoutFor(w.size).block)
    throw new Error(`weights ${w.family} v${w.version}: ${out.length} for ${w.count} features`);
  return out;
}

/** Integers (1/UNIT centi-men) as a module's base64 data. */
export function encodeWeights(weights: Int16Array): string {
  let s = '';
  const bytes = new Uint8Array(weights.length * 2);
  for (let i = 0; i < weights.length; i++) {
    bytes[2 * i] = weights[i] & 0xff;
    bytes[2 * i + 1] = (weights[i] >> 8) & 0xff;
  }
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    const x = (a << 16) | (b << 8) | c;
    s += B64[(x >> 18) & 63] + B64[(x >> 12) & 63];
    s += i + 1 < bytes.length ? B64[(x >> 6) & 63] : '=';
    s += i + 2 < bytes.length ? B64[x & 63] : '=';
  }
  return s;
}

/** Decoded once per module: an Evaluator is made per engine and per change of kind. */
const decoded = new WeakMap<LearnedWeights, Int16Array>();

export class LearnedEval {
  readonly features: Features;
  /** The last evaluated board's pieces (white men, white kings, black men, black kings). */
  readonly pieces: Int32Array;
  private readonly w: Int16Array;
  private readonly block: number;
  /** Pieces over the ending's, and their range (patterns.ts's phaseOf, in integers). */
  private readonly endAt: number;
  private readonly range: number;

  constructor(g: Geometry, weights: LearnedWeights) {
    if (g.size !== weights.size) throw new Error('weights for another board size');
    this.features = new Features(g);
    this.pieces = this.features.pieces;
    let w = decoded.get(weights);
    if (w === undefined) {
      w = decodeWeights(weights);
      decoded.set(weights, w);
    }
    this.w = w;
    this.block = this.features.layout.block;
    const l = this.features.layout;
    this.endAt = l.endPieces;
    this.range = l.fullPieces - l.endPieces;
  }

  /** White's score in centi-men. */
  evaluate(board: Int8Array): number {
    const f = this.features;
    f.weigh(board, this.w, this.block);
    return this.taper(f.mid, f.end, this.pieces);
  }

  /** The same score through extract(): the trainer's reading of the board (tests compare). */
  evaluateSlow(board: Int8Array, list: FeatureList): number {
    this.features.extract(board, list);
    let mid = 0;
    let end = 0;
    for (let i = 0; i < list.count; i++) {
      mid += this.w[list.index[i]] * list.value[i];
      end += this.w[this.block + list.index[i]] * list.value[i];
    }
    return this.taper(mid, end, list.pieces);
  }

  /** Middle game and ending sums weighed by the phase, in centi-men. */
  private taper(mid: number, end: number, p: Int32Array): number {
    const r = this.range;
    const t = Math.min(Math.max(p[0] + p[1] + p[2] + p[3] - this.endAt, 0), r);
    const x = (mid * t + end * (r - t)) / (UNIT * r);
    // Rounded half away from zero (so a mirror scores exactly the opposite), never -0.
    return (x >= 0 ? Math.floor(x + 0.5) : -Math.floor(0.5 - x)) | 0;
  }
}
