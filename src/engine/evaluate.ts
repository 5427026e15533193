/**
 * Static evaluation, from the side to move's point of view, in centi-men (a man = 100). Called
 * only on quiet positions (the search never evaluates a position with a capture pending).
 * Kind 'full' in a family with learned weights (src/engine/weights/: flying10, flying8) is the
 * learned evaluation (learned-eval.ts), with the known draws below still 0; the terms below
 * are the hand evaluation ('hand', and 'full' elsewhere).
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
 *
 * Issue 31's families, the same terms with their own values where the rules differ:
 * - flying12 (canadian): king 330; zone and ending from the board's size (12x12: 5 rows, 16
 *   pieces);
 * - frisian (frisian, frysk!): king 190 (the rules value it 1.99 men in a capture, and lidraughts'
 *   players rate it below two men); known draws: king v king, two kings v one (the 7-move rule);
 * - turkish (all squares, orthogonal): king 300 (a rook that captures from afar), no long
 *   diagonal, kings' reach along rows and columns, a runaway's cone is every square ahead (men
 *   step sideways), ending at 10 pieces; one piece each is drawn by rule;
 * - thai: king 200 (it flies but stops right behind its prey); king v king drawn;
 * - anti (antidraughts, goal 'lose'): the material sign inverted (king = man: a flying king gives
 *   itself away as easily), and a side's own men's free steps count against it (no move wins);
 * - breakthrough (goal 'crown', no kings ever on the board): men 100, advancement squared (a man
 *   near the last row is worth most), and the race: the side whose unstoppable man is strictly
 *   nearer its last row gets 500 less 30 a row to go.
 */
import { BLACK, KING, WHITE } from '../rules/board.js';
import type { Variant } from '../rules/variants/index.js';
import { LearnedEval } from './learned-eval.js';
import { LEARNED } from './weights/index.js';

export type Family =
  | 'short8'
  | 'flying8'
  | 'flying10'
  | 'flying12'
  | 'frisian'
  | 'turkish'
  | 'thai'
  | 'anti'
  | 'breakthrough';
/**
 * 'full': the learned evaluation where the family has weights (learned-eval.ts), else the hand
 * one; 'hand': the hand evaluation always (the trainer's and benches' baseline); 'simple': low
 * levels' material and advancement.
 */
export type EvalKind = 'full' | 'hand' | 'simple';

export function familyOf(v: Variant): Family {
  if (v.goal === 'lose') return 'anti';
  if (v.goal === 'crown') return 'breakthrough';
  if (v.captureLines === 'both') return 'frisian';
  if (v.movement === 'orthogonal') return 'turkish';
  if (v.kingLandsBehind) return 'thai';
  if (!v.flyingKings) return 'short8';
  const size = v.geometry.size;
  return size === 12 ? 'flying12' : size === 10 ? 'flying10' : 'flying8';
}

const KING_VALUE: Record<Family, number> = {
  short8: 150,
  flying8: 260,
  flying10: 300,
  flying12: 330,
  frisian: 190,
  turkish: 300,
  thai: 200,
  anti: 100,
  breakthrough: 300,
};
/** Breakthrough: an unstoppable man nearer its last row than any of the other side's. */
const RACE_WIN = 500;
const RACE_ROW = 30;
/** Turkish: per square a lone king reaches against two kings or more (see evaluate). */
const LONE_REACH = 12;

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
  /** Forward cone (widened) of a man as a bitset over squares 0-31 / 32-63 / 64-95. */
  private readonly coneLo: Int32Array;
  private readonly coneHi: Int32Array;
  private readonly coneX: Int32Array;
  /** The directions kings move in without capturing (diagonals, or lines on turkish boards). */
  private readonly kingDirs: readonly number[];
  /** Pieces on the board at most, for the ending's weights. */
  private readonly endingAt: number;
  /** Known draws by material, per family (see drawn()). */
  private readonly drawRule: 'flying' | 'frisian' | 'one-each' | 'kings' | 'none';
  /** Goal 'lose' / 'crown' evaluate apart (evaluateAnti, evaluateRace). */
  private readonly goal: Variant['goal'];
  /** Per colour, the men's forward directions (antidraughts' mobility), on step[]. */
  private readonly forward: readonly (readonly number[])[];
  private readonly step: Int8Array;
  /** Kings move along rows and columns (turkish). */
  private readonly lineKings: boolean;
  private readonly onLongDiagonal: Uint8Array;
  private readonly ray: Int8Array;
  /** Men near promotion found by the scan, per colour: runaway candidates. */
  private readonly near = new Int8Array(2 * 64);
  private readonly zone: number;
  /** The learned evaluation, for kind 'full' in a family with weights. */
  private readonly learned: LearnedEval | null;

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
    const weights = kind === 'full' ? LEARNED[this.family] : undefined;
    this.learned =
      weights !== undefined && weights.size === size && variant.goal === 'usual'
        ? new LearnedEval(g, weights)
        : null;
    this.ray = g.ray;
    this.step = g.step;
    // Rows counted as near promotion: 3 on 8x8, 4 on 10x10, 5 on 12x12.
    this.zone = Math.round(size * 0.4);
    const orth = variant.movement === 'orthogonal';
    this.kingDirs = orth ? [4, 5, 6, 7] : [0, 1, 2, 3];
    this.forward = orth
      ? [
          [4, 5, 6],
          [7, 5, 6],
        ]
      : [
          [0, 1],
          [2, 3],
        ];
    this.endingAt = orth ? 10 : size === 8 ? 8 : size === 10 ? 12 : 16;
    const f = this.family;
    this.drawRule =
      f === 'anti' || f === 'breakthrough'
        ? 'none'
        : f === 'frisian'
          ? 'frisian'
          : f === 'turkish'
            ? 'one-each'
            : f === 'thai' || !this.flying
              ? 'kings'
              : 'flying';
    this.goal = variant.goal;
    this.lineKings = orth;
    this.adv = new Int8Array(2 * n);
    this.manBonus = new Int16Array(2 * n);
    this.kingBonus = new Int16Array(n);
    this.coneLo = new Int32Array(2 * n);
    this.coneHi = new Int32Array(2 * n);
    this.coneX = new Int32Array(2 * n);
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
      // The long diagonal ("main road") of a dark-squares board; none when kings go straight.
      const longDiag = !orth && (g.a1Dark ? r + c === size - 1 : r === c);
      this.onLongDiagonal[sq] = longDiag ? 1 : 0;
      this.kingBonus[sq] = (central ? 4 : 0) + (this.flying && longDiag ? 12 : 0);
      for (let t = 0; t < n; t++) {
        const tr = g.rowOf[t];
        const tc = g.colOf[t];
        const width = Math.abs(tc - c);
        const set = (color: number, ahead: number): void => {
          // Men that step sideways (turkish) can reach any column ahead.
          if (ahead <= 0 || (!orth && width > ahead + 1)) return;
          if (t < 32) this.coneLo[color * n + sq] |= 1 << t;
          else if (t < 64) this.coneHi[color * n + sq] |= 1 << (t - 32);
          else this.coneX[color * n + sq] |= 1 << (t - 64);
        };
        set(0, r - tr);
        set(1, tr - r);
      }
    }
  }

  /** The score for `color` (WHITE or BLACK) to move on `board`. */
  evaluate(board: Int8Array, color: number): number {
    if (this.goal !== 'usual') {
      const s = this.goal === 'lose' ? this.evaluateAnti(board) : this.evaluateRace(board);
      return color === WHITE ? s : 0 - s; // never -0
    }
    if (this.learned !== null) {
      const s = this.learned.evaluate(board);
      const p = this.learned.pieces;
      if (this.drawn(board, p[0], p[1], p[2], p[3])) return 0;
      return color === WHITE ? s : 0 - s;
    }
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
    let wX = 0;
    let bLo = 0;
    let bHi = 0;
    let bX = 0;
    let wNear = 0;
    let bNear = 64;
    const zone = this.size - 1 - this.zone;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if (v === 0) continue;
      if ((v & WHITE) !== 0) {
        if (sq < 32) wLo |= 1 << sq;
        else if (sq < 64) wHi |= 1 << (sq - 32);
        else wX |= 1 << (sq - 64);
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
        else if (sq < 64) bHi |= 1 << (sq - 32);
        else bX |= 1 << (sq - 64);
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
    const ending = pieces <= this.endingAt;
    let s = (wm - bm) * 100 + (wk - bk) * this.king + (wAdv - bAdv) * (ending ? 6 : 2);
    if (!this.simple) {
      s += pos;
      if (bk === 0 && wNear > 0) s += this.runaways(0, 0, wNear, bLo, bHi, bX);
      if (wk === 0 && bNear > 64) s -= this.runaways(1, 64, bNear, wLo, wHi, wX);
      if (this.flying && wk + bk > 0) s += this.kingMobility(board, wk, bk);
      // Turkish: two kings trap a lone one (and more win the same way); to get there, squeeze
      // its reach. Without this the engine circles a won ending until the game is capped.
      if (this.lineKings && wm + bm === 0) {
        if (wk === 1 && bk >= 2) s -= LONE_REACH * this.reach(board, WHITE | KING);
        else if (bk === 1 && wk >= 2) s += LONE_REACH * this.reach(board, BLACK | KING);
      }
    }
    return color === WHITE ? s : -s;
  }

  /** Known drawn material: see the header. */
  private drawn(board: Int8Array, wm: number, wk: number, bm: number, bk: number): boolean {
    const rule = this.drawRule;
    if (rule === 'one-each') return wm + wk === 1 && bm + bk === 1;
    if (wm + bm === 0 && wk === 1 && bk === 1) return true;
    if (rule === 'frisian') return wm + bm === 0 && wk + bk === 3 && wk > 0 && bk > 0;
    if (rule !== 'flying') return false;
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
  private runaways(
    c: number,
    from: number,
    to: number,
    eLo: number,
    eHi: number,
    eX: number,
  ): number {
    const n = this.n;
    const surplus = ((this.king - 100) * 3) >> 2;
    let s = 0;
    for (let k = from; k < to; k++) {
      const i = c * n + this.near[k];
      if (
        (this.coneLo[i] & eLo) === 0 &&
        (this.coneHi[i] & eHi) === 0 &&
        (this.coneX[i] & eX) === 0
      )
        s += surplus - 6 * (this.size - 1 - this.adv[i]);
    }
    return s;
  }

  /**
   * Antidraughts, White's view: fewer pieces is better (no piece wins), and so are fewer free
   * steps for one's own men (no move wins).
   */
  private evaluateAnti(board: Int8Array): number {
    const n = this.n;
    const step = this.step;
    let s = 0;
    let mobility = 0;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if (v === 0) continue;
      const white = (v & WHITE) !== 0;
      const value = (v & KING) !== 0 ? this.king : 100;
      s += white ? -value : value;
      if (this.simple || (v & KING) !== 0) continue;
      const dirs = this.forward[white ? 0 : 1];
      for (let i = 0; i < dirs.length; i++) {
        const t = step[dirs[i] * n + sq];
        if (t >= 0 && board[t] === 0) mobility += white ? 1 : -1;
      }
    }
    return s - 4 * mobility;
  }

  /**
   * Breakthrough, White's view (no kings: a crowning ends the game): men, their advancement
   * squared, and the race between unstoppable men.
   */
  private evaluateRace(board: Int8Array): number {
    const n = this.n;
    const adv = this.adv;
    let wLo = 0;
    let wHi = 0;
    let bLo = 0;
    let bHi = 0;
    let s = 0;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if (v === 0) continue;
      if ((v & WHITE) !== 0) {
        if (sq < 32) wLo |= 1 << sq;
        else wHi |= 1 << (sq - 32);
        s += 100 + adv[sq] * adv[sq];
      } else {
        if (sq < 32) bLo |= 1 << sq;
        else bHi |= 1 << (sq - 32);
        s -= 100 + adv[n + sq] * adv[n + sq];
      }
    }
    if (this.simple) return s;
    // Rows to go of each side's nearest man that no enemy piece stands in front of.
    let wGo = 99;
    let bGo = 99;
    const last = this.size - 1;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if (v === 0) continue;
      const c = (v & WHITE) !== 0 ? 0 : 1;
      const i = c * n + sq;
      const go = last - adv[i];
      if (go >= (c === 0 ? wGo : bGo)) continue;
      const eLo = c === 0 ? bLo : wLo;
      const eHi = c === 0 ? bHi : wHi;
      if ((this.coneLo[i] & eLo) !== 0 || (this.coneHi[i] & eHi) !== 0) continue;
      if (c === 0) wGo = go;
      else bGo = go;
    }
    if (wGo < bGo) s += RACE_WIN - RACE_ROW * wGo;
    else if (bGo < wGo) s -= RACE_WIN - RACE_ROW * bGo;
    return s;
  }

  /** The squares the (first) king `piece` reaches along its lines. */
  private reach(board: Int8Array, piece: number): number {
    const n = this.n;
    const size = this.size;
    const ray = this.ray;
    const dirs = this.kingDirs;
    let reach = 0;
    for (let sq = 0; sq < n; sq++) {
      if (board[sq] !== piece) continue;
      for (let i = 0; i < dirs.length; i++) {
        const base = (dirs[i] * n + sq) * size;
        for (let k = 0, t = ray[base]; t >= 0 && board[t] === 0; t = ray[base + ++k]) reach++;
      }
      break;
    }
    return reach;
  }

  /** Squares reached by flying kings, white minus black. */
  private kingMobility(board: Int8Array, wk: number, bk: number): number {
    const n = this.n;
    const size = this.size;
    const ray = this.ray;
    const weight = size === 8 ? 2 : 1;
    const dirs = this.kingDirs;
    let s = 0;
    let left = wk + bk;
    for (let sq = 0; sq < n && left > 0; sq++) {
      const v = board[sq];
      if ((v & KING) === 0) continue;
      left--;
      let reach = 0;
      for (let i = 0; i < 4; i++) {
        const base = (dirs[i] * n + sq) * size;
        for (let k = 0, t = ray[base]; t >= 0 && board[t] === 0; t = ray[base + ++k]) reach++;
      }
      s += (v & WHITE) !== 0 ? reach * weight : -reach * weight;
    }
    return s;
  }
}
