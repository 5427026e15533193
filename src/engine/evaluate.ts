/**
 * Static evaluation, from the side to move's point of view, in centi-men (a man = 100). Called
 * only on quiet positions (the search never evaluates a position with a capture pending).
 *
 * Terms (per family: short kings 8x8 = english, italian; flying kings 8x8 = brazilian, russian,
 * pool, spanish, czech; flying kings 10x10 = international):
 * - material: man 100, king 150 (short) / 260 (flying 8x8) / 300 (10x10): a flying king
 *   dominates whole diagonals, a short king is little more than a man that goes backwards;
 * - advancement (tempo): per row a man has advanced, 2 in the middle game, 6 in the ending,
 *   where promoting first decides;
 * - centre: men on the central squares (+4) hold the board together;
 * - back-rank guard: men on their own first row (+6) stop the other side crowning, while it
 *   still has men;
 * - runaway men: a man with no enemy piece in its forward cone (one column wider each side)
 *   and no enemy king on the board will crown: 3/4 of a king's surplus, 6 less per row to go;
 * - flying kings: +12 on the long diagonal (the "main road"), +2 (8x8) / +1 (10x10) per square
 *   the king reaches;
 * - known drawn endings score 0: king against king; in flying-king variants a lone king against
 *   two pieces, or against three kings while it holds the long diagonal.
 * The "simple" kind (low levels) keeps material and advancement only.
 */
import { KING, WHITE } from '../rules/board.js';
import type { Variant } from '../rules/variants/index.js';

export type Family = 'short8' | 'flying8' | 'flying10';
export type EvalKind = 'full' | 'simple';

export function familyOf(v: Variant): Family {
  if (!v.flyingKings) return 'short8';
  return v.geometry.size === 10 ? 'flying10' : 'flying8';
}

const KING_VALUE: Record<Family, number> = { short8: 150, flying8: 260, flying10: 300 };

export class Evaluator {
  readonly family: Family;
  private readonly n: number;
  private readonly size: number;
  private readonly flying: boolean;
  private readonly king: number;
  private readonly simple: boolean;
  /** Rows advanced by a man of colour c (0 white, 1 black) on sq: adv[c * n + sq]. */
  private readonly adv: Int8Array;
  /** Position bonus of a man (centre, back rank), same layout. */
  private readonly manBonus: Int16Array;
  private readonly kingBonus: Int16Array;
  /** Forward cone (widened) of a man as a bitset over squares 0-31 / 32-63. */
  private readonly coneLo: Int32Array;
  private readonly coneHi: Int32Array;
  private readonly onLongDiagonal: Uint8Array;
  private readonly ray: Int8Array;
  /** Men near promotion found by the scan, per colour: runaway candidates. */
  private readonly near = new Int8Array(2 * 64);
  private readonly zone: number;

  constructor(variant: Variant, kind: EvalKind = 'full') {
    const g = variant.geometry;
    const n = g.squares;
    const size = g.size;
    this.family = familyOf(variant);
    this.n = n;
    this.size = size;
    this.flying = variant.flyingKings;
    this.king = KING_VALUE[this.family];
    this.simple = kind === 'simple';
    this.ray = g.ray;
    this.zone = size === 10 ? 4 : 3;
    this.adv = new Int8Array(2 * n);
    this.manBonus = new Int16Array(2 * n);
    this.kingBonus = new Int16Array(n);
    this.coneLo = new Int32Array(2 * n);
    this.coneHi = new Int32Array(2 * n);
    this.onLongDiagonal = new Uint8Array(n);
    const lo = 2;
    const hi = size - 3;
    for (let sq = 0; sq < n; sq++) {
      const r = g.rowOf[sq];
      const c = g.colOf[sq];
      const central = c >= lo && c <= hi && r >= lo && r <= hi;
      // White moves toward row 0; black toward row size - 1.
      this.adv[sq] = size - 1 - r;
      this.adv[n + sq] = r;
      this.manBonus[sq] = (central ? 4 : 0) + (r === size - 1 ? 6 : 0);
      this.manBonus[n + sq] = (central ? 4 : 0) + (r === 0 ? 6 : 0);
      const longDiag = g.a1Dark ? r + c === size - 1 : r === c;
      this.onLongDiagonal[sq] = longDiag ? 1 : 0;
      this.kingBonus[sq] = (central ? 4 : 0) + (this.flying && longDiag ? 12 : 0);
      for (let t = 0; t < n; t++) {
        const tr = g.rowOf[t];
        const tc = g.colOf[t];
        const width = Math.abs(tc - c);
        const set = (color: number, ahead: number): void => {
          if (ahead <= 0 || width > ahead + 1) return;
          if (t < 32) this.coneLo[color * n + sq] |= 1 << t;
          else this.coneHi[color * n + sq] |= 1 << (t - 32);
        };
        set(0, r - tr);
        set(1, tr - r);
      }
    }
  }

  /** The score for `color` (WHITE or BLACK) to move on `board`. */
  evaluate(board: Int8Array, color: number): number {
    const n = this.n;
    const adv = this.adv;
    let wm = 0;
    let wk = 0;
    let bm = 0;
    let bk = 0;
    let wAdv = 0;
    let bAdv = 0;
    let pos = 0;
    let wLo = 0;
    let wHi = 0;
    let bLo = 0;
    let bHi = 0;
    let wNear = 0;
    let bNear = 64;
    const zone = this.size - 1 - this.zone;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if (v === 0) continue;
      if ((v & WHITE) !== 0) {
        if (sq < 32) wLo |= 1 << sq;
        else wHi |= 1 << (sq - 32);
        if ((v & KING) !== 0) {
          wk++;
          pos += this.kingBonus[sq];
        } else {
          wm++;
          wAdv += adv[sq];
          if (adv[sq] >= zone) this.near[wNear++] = sq;
          pos += this.manBonus[sq];
        }
      } else {
        if (sq < 32) bLo |= 1 << sq;
        else bHi |= 1 << (sq - 32);
        if ((v & KING) !== 0) {
          bk++;
          pos -= this.kingBonus[sq];
        } else {
          bm++;
          bAdv += adv[n + sq];
          if (adv[n + sq] >= zone) this.near[bNear++] = sq;
          pos -= this.manBonus[n + sq];
        }
      }
    }
    if (this.drawn(board, wm, wk, bm, bk)) return 0;
    const pieces = wm + wk + bm + bk;
    const ending = pieces <= (n === 50 ? 12 : 8);
    let s = (wm - bm) * 100 + (wk - bk) * this.king + (wAdv - bAdv) * (ending ? 6 : 2);
    if (!this.simple) {
      s += pos;
      if (bk === 0 && wNear > 0) s += this.runaways(0, 0, wNear, bLo, bHi);
      if (wk === 0 && bNear > 64) s -= this.runaways(1, 64, bNear, wLo, wHi);
      if (this.flying && wk + bk > 0) s += this.kingMobility(board, wk, bk);
    }
    return color === WHITE ? s : -s;
  }

  /** Known drawn material: see the header. */
  private drawn(board: Int8Array, wm: number, wk: number, bm: number, bk: number): boolean {
    if (wm + bm === 0 && wk === 1 && bk === 1) return true;
    if (!this.flying) return false;
    const loneW = wm === 0 && wk === 1;
    const loneB = bm === 0 && bk === 1;
    if (!loneW && !loneB) return false;
    const other = loneW ? bm + bk : wm + wk;
    const otherMen = loneW ? bm : wm;
    if (other <= 2 && (loneW ? bk : wk) > 0) return true;
    if (other === 3 && otherMen === 0) {
      const mine = loneW ? WHITE : 2;
      for (let sq = 0; sq < this.n; sq++)
        if (board[sq] === (mine | KING)) return this.onLongDiagonal[sq] === 1;
    }
    return false;
  }

  /** Bonus for `c`'s men (0 white, 1 black) near[from..to) that no enemy piece can stop. */
  private runaways(c: number, from: number, to: number, eLo: number, eHi: number): number {
    const n = this.n;
    const surplus = ((this.king - 100) * 3) >> 2;
    let s = 0;
    for (let k = from; k < to; k++) {
      const i = c * n + this.near[k];
      if ((this.coneLo[i] & eLo) === 0 && (this.coneHi[i] & eHi) === 0)
        s += surplus - 6 * (this.size - 1 - this.adv[i]);
    }
    return s;
  }

  /** Squares reached by flying kings, white minus black. */
  private kingMobility(board: Int8Array, wk: number, bk: number): number {
    const n = this.n;
    const size = this.size;
    const ray = this.ray;
    const weight = size === 10 ? 1 : 2;
    let s = 0;
    let left = wk + bk;
    for (let sq = 0; sq < n && left > 0; sq++) {
      const v = board[sq];
      if ((v & KING) === 0) continue;
      left--;
      let reach = 0;
      for (let d = 0; d < 4; d++) {
        const base = (d * n + sq) * size;
        for (let k = 0, t = ray[base]; t >= 0 && board[t] === 0; t = ray[base + ++k]) reach++;
      }
      s += (v & WHITE) !== 0 ? reach * weight : -reach * weight;
    }
    return s;
  }
}
