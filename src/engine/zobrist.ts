/**
 * Zobrist keys: a position's key is the XOR of one random value per (piece, square) plus one for
 * Black to move, kept as two 32-bit halves (JS bit operations are 32-bit). The low half picks the
 * table slot, the high half verifies it. Fixed seed: keys are the same in every process.
 */
import { BLACK, KING, WHITE } from '../rules/board.js';
import type { KingRuns } from '../rules/fen.js';
import { mulberry32 } from './random.js';

/** Index of a piece byte in the key tables: white man 0, white king 1, black man 2, black king 3. */
export const PIECE_INDEX = new Int8Array(16).fill(-1);
PIECE_INDEX[WHITE] = 0;
PIECE_INDEX[WHITE | KING] = 1;
PIECE_INDEX[BLACK] = 2;
PIECE_INDEX[BLACK | KING] = 3;

export interface Zobrist {
  /** lo[PIECE_INDEX[v] * squares + sq], same layout for hi. */
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly sideLo: number;
  readonly sideHi: number;
  readonly squares: number;
  /** Frisian's king runs: runLo[runIndex(side, sq, moves)], same for hi. */
  readonly runLo: Int32Array;
  readonly runHi: Int32Array;
}

/** Longest run keyed apart (frisian's limit is 3; longer runs never arise). */
const RUN_MAX = 7;

/** The slot of a king run's key: side 0 white / 1 black, its square (index), its length. */
export const runIndex = (z: Zobrist, side: number, sq: number, moves: number): number =>
  (side * (RUN_MAX + 1) + Math.min(moves, RUN_MAX)) * z.squares + sq;

const cache = new Map<number, Zobrist>();

export function zobristFor(squares: number): Zobrist {
  const hit = cache.get(squares);
  if (hit) return hit;
  const rng = mulberry32(0x5eed + squares);
  const lo = new Int32Array(4 * squares);
  const hi = new Int32Array(4 * squares);
  for (let i = 0; i < lo.length; i++) {
    lo[i] = rng();
    hi[i] = rng();
  }
  const sideLo = rng();
  const sideHi = rng();
  // Drawn after the piece keys, so those stay what they were before king runs had keys.
  const runLo = new Int32Array(2 * (RUN_MAX + 1) * squares);
  const runHi = new Int32Array(runLo.length);
  for (let i = 0; i < runLo.length; i++) {
    runLo[i] = rng();
    runHi[i] = rng();
  }
  const z: Zobrist = { lo, hi, sideLo, sideHi, squares, runLo, runHi };
  cache.set(squares, z);
  return z;
}

/** The key of a whole board, written to out[0] (lo) and out[1] (hi). */
export function hashBoard(
  z: Zobrist,
  board: Int8Array,
  color: number,
  out: Int32Array = new Int32Array(2),
): Int32Array {
  let lo = color === BLACK ? z.sideLo : 0;
  let hi = color === BLACK ? z.sideHi : 0;
  for (let sq = 0; sq < board.length; sq++) {
    const v = board[sq];
    if (v === 0) continue;
    const i = PIECE_INDEX[v] * z.squares + sq;
    lo ^= z.lo[i];
    hi ^= z.hi[i];
  }
  out[0] = lo;
  out[1] = hi;
  return out;
}

/** Frisian: a position's king runs XORed into its key (out[0] lo, out[1] hi). */
export function hashRuns(z: Zobrist, runs: KingRuns, out: Int32Array): Int32Array {
  if (runs.white !== null) {
    const i = runIndex(z, 0, runs.white.square - 1, runs.white.moves);
    out[0] ^= z.runLo[i];
    out[1] ^= z.runHi[i];
  }
  if (runs.black !== null) {
    const i = runIndex(z, 1, runs.black.square - 1, runs.black.moves);
    out[0] ^= z.runLo[i];
    out[1] ^= z.runHi[i];
  }
  return out;
}
