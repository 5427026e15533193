/**
 * Board geometry: PDN square numbering and precomputed rays, so the move generator never does
 * coordinate arithmetic. Internal square index = PDN number - 1; row 0 is the top (Black's back
 * rank, White promotes there), column 0 is file a. Boards of 8, 10 or 12 squares a side, played
 * on the dark squares (a1 dark or light) or on all of them (turkish).
 */

/** Directions: "north" is toward row 0, i.e. White's forward. Diagonals 0-3, lines 4-7. */
export const NW = 0;
export const NE = 1;
export const SW = 2;
export const SE = 3;
export const N = 4;
export const W = 5;
export const E = 6;
export const S = 7;
const DR = [-1, -1, 1, 1, -1, 0, 0, 1];
const DC = [-1, 1, -1, 1, 0, -1, 1, 0];

/** The direction back: NW<->SE, NE<->SW, N<->S, W<->E. */
export const opposite = (d: number): number => (d < 4 ? 3 - d : 11 - d);
export const DIAGONALS: readonly number[] = [NW, NE, SW, SE];
export const LINES: readonly number[] = [N, W, E, S];
export const ALL_DIRECTIONS: readonly number[] = [NW, NE, SW, SE, N, W, E, S];

/** Which squares are played: the dark ones (a1 dark or light) or every square. */
export type SquareSet = 'a1-dark' | 'a1-light' | 'all';

export interface Geometry {
  /** Board side: 8, 10 or 12. */
  readonly size: number;
  /** Playable squares: 32, 50, 72, or 64 on an all-squares board. */
  readonly squares: number;
  /** a1 is a playable square (FMJD, english, russian, turkish...) or not (italian, spanish). */
  readonly a1Dark: boolean;
  /** Every square is played (turkish): orthogonal neighbours are adjacent. */
  readonly allSquares: boolean;
  readonly rowOf: Int8Array;
  readonly colOf: Int8Array;
  /** step[d * squares + sq]: the next playable square in direction d, or -1 off the board. */
  readonly step: Int8Array;
  /** ray[(d * squares + sq) * size + k]: the k-th playable square along d, -1 terminated. */
  readonly ray: Int8Array;
}

const cache = new Map<string, Geometry>();

export function geometry(size: number, set: SquareSet | boolean): Geometry {
  // A boolean is the a1Dark flag of the 8 first variants' data.
  const squareSet: SquareSet = typeof set === 'boolean' ? (set ? 'a1-dark' : 'a1-light') : set;
  const key = `${size}:${squareSet}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const all = squareSet === 'all';
  const a1Dark = squareSet !== 'a1-light';
  const squares = all ? size * size : (size * size) / 2;
  const index = new Int16Array(size * size).fill(-1);
  const rowOf = new Int8Array(squares);
  const colOf = new Int8Array(squares);
  let n = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      // a1 is row size-1, col 0; it is dark when (row + col) is odd.
      const dark = ((r + c) & 1) === (a1Dark ? 1 : 0);
      if (!dark && !all) continue;
      index[r * size + c] = n;
      rowOf[n] = r;
      colOf[n] = c;
      n++;
    }
  }
  const step = new Int8Array(8 * squares).fill(-1);
  const ray = new Int8Array(8 * squares * size).fill(-1);
  for (let d = 0; d < 8; d++) {
    // Along a row or column of a dark-squares board the next dark square is two away.
    const stride = d >= 4 && !all ? 2 : 1;
    for (let sq = 0; sq < squares; sq++) {
      let r = rowOf[sq] + DR[d] * stride;
      let c = colOf[sq] + DC[d] * stride;
      let k = 0;
      while (r >= 0 && r < size && c >= 0 && c < size) {
        ray[(d * squares + sq) * size + k++] = index[r * size + c];
        r += DR[d] * stride;
        c += DC[d] * stride;
      }
      step[d * squares + sq] = ray[(d * squares + sq) * size];
    }
  }
  const g: Geometry = { size, squares, a1Dark, allSquares: all, rowOf, colOf, step, ray };
  cache.set(key, g);
  return g;
}

/** Algebraic name of a square (a1 bottom-left as White sees the board), for display. */
export function squareName(g: Geometry, sq: number): string {
  return `${String.fromCharCode(97 + g.colOf[sq])}${g.size - g.rowOf[sq]}`;
}

/** The PDN number of the square an algebraic name ("c3") names: 0 when it is not playable. */
export function squareAt(g: Geometry, name: string): number {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  if (!m) return 0;
  const col = m[1].charCodeAt(0) - 97;
  const row = g.size - Number(m[2]);
  for (let i = 0; i < g.squares; i++) if (g.rowOf[i] === row && g.colOf[i] === col) return i + 1;
  return 0;
}
