/**
 * One material slice of an endgame database (white men/kings, black men/kings) and its index:
 * a number for every placement of those pieces and side to move, by combinatorial (colex)
 * ranks. Men are ranked over the squares they may stand on (never their own crowning row),
 * kings over the squares the men left free, so the only unused numbers are the placements where
 * a white man and a black man would share a square (a few per cent with two or more men).
 */
import { BLACK, KING, WHITE } from '../../rules/board.js';
import type { Geometry } from '../../rules/geometry.js';

/** Pieces per group: white men, white kings, black men, black kings. */
export type Material = readonly [wm: number, wk: number, bm: number, bk: number];

/** binom[n * K + k] = C(n, k) for n up to 72 squares (12x12), k up to K - 1 pieces. */
const K = 8;
const N_MAX = 73;
const binom = new Float64Array(N_MAX * K);
for (let n = 0; n < N_MAX; n++) {
  binom[n * K] = 1;
  for (let k = 1; k < K; k++)
    binom[n * K + k] = n === 0 ? 0 : binom[(n - 1) * K + k - 1] + binom[(n - 1) * K + k];
}
export const choose = (n: number, k: number): number => (n < k || n < 0 ? 0 : binom[n * K + k]);

/** The slice's name in files and reports: "wm wk bm bk" digits, e.g. "0201" = 2 kings v 1 king. */
export const sliceKey = (m: Material): string => m.join('');

export class Slice {
  readonly key: string;
  /** Index count: both sides to move. */
  readonly size: number;
  private readonly n: number;
  /** Squares a white (black) man may stand on, in order, and each square's place among them. */
  private readonly wSquares: Int8Array;
  private readonly bSquares: Int8Array;
  private readonly wPos: Int8Array;
  private readonly bPos: Int8Array;
  /** Ranges of each group's rank: white men, black men, white kings, black kings. */
  private readonly cw: number;
  private readonly cb: number;
  private readonly ck1: number;
  private readonly ck2: number;
  private readonly tmp = new Int8Array(K);

  constructor(
    readonly g: Geometry,
    readonly material: Material,
  ) {
    const [wm, wk, bm, bk] = material;
    if (wm + wk + bm + bk >= K) throw new Error('too many pieces for an endgame slice');
    this.key = sliceKey(material);
    this.n = g.squares;
    const w: number[] = [];
    const b: number[] = [];
    this.wPos = new Int8Array(g.squares).fill(-1);
    this.bPos = new Int8Array(g.squares).fill(-1);
    for (let sq = 0; sq < g.squares; sq++) {
      // White men are crowned on row 0, black men on the last row.
      if (g.rowOf[sq] !== 0) this.wPos[sq] = w.push(sq) - 1;
      if (g.rowOf[sq] !== g.size - 1) this.bPos[sq] = b.push(sq) - 1;
    }
    this.wSquares = Int8Array.from(w);
    this.bSquares = Int8Array.from(b);
    this.cw = choose(w.length, wm);
    this.cb = choose(b.length, bm);
    this.ck1 = choose(this.n - wm - bm, wk);
    this.ck2 = choose(this.n - wm - bm - wk, bk);
    this.size = 2 * this.cw * this.cb * this.ck1 * this.ck2;
  }

  /** The index of `board` (it must hold exactly this material) with `color` (WHITE/BLACK) to move. */
  index(board: Int8Array, color: number): number {
    const n = this.n;
    let rw = 0;
    let rb = 0;
    let rk1 = 0;
    let rk2 = 0;
    let iw = 0;
    let ib = 0;
    let ik1 = 0;
    let ik2 = 0;
    // Men below the square, then men and white kings below it: a king's place among free squares.
    let men = 0;
    let menAndWk = 0;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if (v === 0) continue;
      if (v === WHITE) {
        rw += binom[this.wPos[sq] * K + ++iw];
        men++;
        menAndWk++;
      } else if (v === BLACK) {
        rb += binom[this.bPos[sq] * K + ++ib];
        men++;
        menAndWk++;
      } else if (v === (WHITE | KING)) {
        rk1 += binom[(sq - men) * K + ++ik1];
        menAndWk++;
      } else {
        rk2 += binom[(sq - menAndWk) * K + ++ik2];
      }
    }
    return (
      2 * (((rw * this.cb + rb) * this.ck1 + rk1) * this.ck2 + rk2) + (color === WHITE ? 0 : 1)
    );
  }

  /**
   * Writes index `i`'s placement on `board` (cleared first) and returns the side to move
   * (WHITE/BLACK), or 0 for an unused index (a white and a black man on one square).
   */
  decode(i: number, board: Int8Array): number {
    const [wm, wk, bm, bk] = this.material;
    board.fill(0);
    const color = i % 2 === 0 ? WHITE : BLACK;
    let r = Math.floor(i / 2);
    const rk2 = r % this.ck2;
    r = Math.floor(r / this.ck2);
    const rk1 = r % this.ck1;
    r = Math.floor(r / this.ck1);
    const rb = r % this.cb;
    const rw = Math.floor(r / this.cb);
    const t = this.tmp;
    unrank(rw, wm, t);
    for (let j = 0; j < wm; j++) board[this.wSquares[t[j]]] = WHITE;
    unrank(rb, bm, t);
    for (let j = 0; j < bm; j++) {
      const sq = this.bSquares[t[j]];
      if (board[sq] !== 0) return 0;
      board[sq] = BLACK;
    }
    unrank(rk1, wk, t);
    placeFree(board, t, wk, WHITE | KING);
    unrank(rk2, bk, t);
    placeFree(board, t, bk, BLACK | KING);
    return color;
  }
}

/** The k places (increasing) whose colex rank is r, into out[0..k). */
function unrank(r: number, k: number, out: Int8Array): void {
  for (let j = k; j >= 1; j--) {
    let p = j - 1;
    while (binom[(p + 1) * K + j] <= r) p++;
    r -= binom[p * K + j];
    out[j - 1] = p;
  }
}

/** Puts `v` on the free squares at places out[0..k) (counted over empty squares only). */
function placeFree(board: Int8Array, places: Int8Array, k: number, v: number): void {
  let free = 0;
  let j = 0;
  const chosen: number[] = [];
  for (let sq = 0; sq < board.length && j < k; sq++) {
    if (board[sq] !== 0) continue;
    if (free === places[j]) {
      chosen.push(sq);
      j++;
    }
    free++;
  }
  for (const sq of chosen) board[sq] = v;
}
