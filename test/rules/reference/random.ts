/** Seeded random positions for comparing generators: the same positions on every run. */
import { allSpots, crownRow, emptyBoard, numberOf, type Side } from './board.js';

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomSpec {
  readonly size: number;
  readonly allSquares: boolean;
  /** Most pieces a side gets (at least one each). */
  readonly maxPieces: number;
  /** Chance that a piece is a king (0: men only; else a piece on its crowning row is a king). */
  readonly kingChance: number;
  /** Frisian: add a king run (`:KW<sq>/<n>`, n from 1 to this) to some positions; 0: never. */
  readonly runLimit?: number;
}

/**
 * A random FEN: 1..maxPieces pieces a side on random squares, some of them kings, no man on the
 * row where it would have been crowned, either side to move.
 */
export function randomFen(rand: () => number, spec: RandomSpec): string {
  const { size, allSquares } = spec;
  const board = emptyBoard(size, allSquares);
  const spots = [...allSpots(size, allSquares)];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const lists: Record<Side, string[]> = { white: [], black: [] };
  const kings: Record<Side, number[]> = { white: [], black: [] };
  for (const side of ['white', 'black'] as const) {
    const n = 1 + Math.floor(rand() * spec.maxPieces);
    for (let i = 0; i < n && spots.length > 0; i++) {
      // Without kings, a man never stands where it would have been crowned.
      const allowed = spots.filter((s) => spec.kingChance > 0 || s.row !== crownRow(board, side));
      const at = allowed[Math.floor(rand() * allowed.length)];
      spots.splice(spots.indexOf(at), 1);
      const king = rand() < spec.kingChance || at.row === crownRow(board, side);
      const sq = numberOf(size, allSquares, at);
      lists[side].push(`${king ? 'K' : ''}${sq}`);
      if (king) kings[side].push(sq);
    }
  }
  const turn: Side = rand() < 0.5 ? 'white' : 'black';
  let fen = `${turn === 'white' ? 'W' : 'B'}:W${lists.white.join(',')}:B${lists.black.join(',')}`;
  const limit = spec.runLimit ?? 0;
  if (limit > 0) {
    for (const side of ['white', 'black'] as const) {
      if (kings[side].length === 0 || rand() < 0.3) continue;
      const moves = 1 + Math.floor(rand() * limit);
      fen += `:K${side === 'white' ? 'W' : 'B'}${pick(kings[side])}/${moves}`;
    }
  }
  return fen;
}
