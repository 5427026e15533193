/**
 * Board geometry: PDN square numbering and precomputed rays, so the move generator never does
 * coordinate arithmetic. Internal square index = PDN number - 1; row 0 is the top (Black's back
 * rank, White promotes there), column 0 is file a.
 */

/** Directions: "north" is toward row 0, i.e. White's forward. opposite(d) = 3 - d. */
export const NW = 0;
export const NE = 1;
export const SW = 2;
export const SE = 3;
const DR = [-1, -1, 1, 1];
const DC = [-1, 1, -1, 1];

export const opposite = (d: number): number => 3 - d;
/** The two side diagonals of a direction: where a capture chain may turn. */
export const SIDES: readonly (readonly [number, number])[] = [
  [NE, SW],
  [NW, SE],
  [NW, SE],
  [NE, SW],
];

export interface Geometry {
  /** Board side: 8 or 10. */
  readonly size: number;
  /** Playable (dark) squares: 32 or 50. */
  readonly squares: number;
  /** a1 is a playable square (FMJD, english, russian...) or not (italian, spanish). */
  readonly a1Dark: boolean;
  readonly rowOf: Int8Array;
  readonly colOf: Int8Array;
  /** step[d * squares + sq]: the neighbour in direction d, or -1 off the board. */
  readonly step: Int8Array;
  /** ray[(d * squares + sq) * size + k]: the k-th square along d, -1 terminated. */
  readonly ray: Int8Array;
}

const cache = new Map<string, Geometry>();

export function geometry(size: number, a1Dark: boolean): Geometry {
  const key = `${size}:${a1Dark}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const squares = (size * size) / 2;
  const index = new Int16Array(size * size).fill(-1);
  const rowOf = new Int8Array(squares);
  const colOf = new Int8Array(squares);
  let n = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      // a1 is row size-1, col 0; it is dark when (row + col) is odd.
      const dark = ((r + c) & 1) === (a1Dark ? 1 : 0);
      if (!dark) continue;
      index[r * size + c] = n;
      rowOf[n] = r;
      colOf[n] = c;
      n++;
    }
  }
  const step = new Int8Array(4 * squares).fill(-1);
  const ray = new Int8Array(4 * squares * size).fill(-1);
  for (let d = 0; d < 4; d++) {
    for (let sq = 0; sq < squares; sq++) {
      let r = rowOf[sq] + DR[d];
      let c = colOf[sq] + DC[d];
      let k = 0;
      while (r >= 0 && r < size && c >= 0 && c < size) {
        ray[(d * squares + sq) * size + k++] = index[r * size + c];
        r += DR[d];
        c += DC[d];
      }
      step[d * squares + sq] = ray[(d * squares + sq) * size];
    }
  }
  const g: Geometry = { size, squares, a1Dark, rowOf, colOf, step, ray };
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
