/**
 * Zobrist keys: a position's key is the XOR of one random value per (piece, square) plus one for
 * Black to move, kept as two 32-bit halves (JS bit operations are 32-bit). The low half picks the
 * table slot, the high half verifies it. Fixed seed: keys are the same in every process.
 */
import { BLACK, KING, WHITE } from '../rules/board.js';
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
}

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
  const z: Zobrist = { lo, hi, sideLo: rng(), sideHi: rng(), squares };
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
