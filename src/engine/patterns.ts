/**
 * Features of the learned evaluation (learned-eval.ts), shared by the evaluator and the trainer
 * (scripts/engine-train.ts) so both read a board the same way. Pure TS, no allocation per call.
 *
 * Everything is from White's view with colour symmetry: Black's features are White's on the
 * board turned 180 degrees with the colours swapped, entered with value -1, so one weight set
 * serves both sides and eval(position) = -eval(mirror) holds exactly. Squares are "canonical":
 * a board whose a1 is light (spanish) is read mirrored left-right, as the same shape on an a1-dark
 * board, so one family's weights fit both kinds of board.
 *
 * Each feature has two weights, middle game and ending; the score interpolates them by the
 * pieces on the board, linearly from all middle game at the start to all ending on an empty
 * board (phaseOf). One block of features:
 * - MAN, KING: material;
 * - KING_DIAG: a king on the long diagonal; KING_REACH: squares a king reaches;
 * - RUNAWAY: a man near promotion with no enemy piece in its forward cone (one column wider each
 *   side), when the other side has no king (RUNAWAY_ROWS: its rows to go) / has one (RUNAWAY_K);
 * - BALANCE: |men on the left half - men on the right half|; MOBILITY: men's free forward steps;
 * - PST: a man on each canonical square (tempo, centre, back-rank guards, wings);
 * - PATTERN: for each rhombus of 4 dark squares (a square, its two forward neighbours and the
 *   square two rows ahead), one weight per state of the 4 (empty, own piece, enemy piece: 81):
 *   local structure such as outposts, holes, supported men and locks.
 */
import { BLACK, KING, WHITE } from '../rules/board.js';
import { geometry, type Geometry } from '../rules/geometry.js';

export const MAN = 0;
export const KING_F = 1;
export const KING_DIAG = 2;
export const KING_REACH = 3;
export const RUNAWAY = 4;
export const RUNAWAY_ROWS = 5;
export const RUNAWAY_K = 6;
export const BALANCE = 7;
export const MOBILITY = 8;
export const PST = 9;
/** A rhombus's states: 3^4 (empty 0, own piece 1, enemy piece 2; kings count as pieces). */
export const STATES = 81;

/** Where each feature family sits in a block, for a board size. */
export interface Layout {
  readonly size: number;
  readonly squares: number;
  /** Rhombus anchors. */
  readonly anchors: number;
  readonly patternAt: number;
  /** Features in one phase's block; the weights hold 2 blocks (middle game, then ending). */
  readonly block: number;
  /** Pieces at the start (all middle game) and at most in an ending (all ending weights). */
  readonly fullPieces: number;
  readonly endPieces: number;
}

/** The middle game's share of the weights (0-1) with `pieces` on the board. */
export const phaseOf = (l: Layout, pieces: number): number =>
  Math.min(Math.max(pieces - l.endPieces, 0), l.fullPieces - l.endPieces) /
  (l.fullPieces - l.endPieces);

export function layoutFor(size: number): Layout {
  const g = geometry(size, true);
  let anchors = 0;
  for (let sq = 0; sq < g.squares; sq++) if (rhombus(g, sq) !== null) anchors++;
  const patternAt = PST + g.squares;
  const men = size === 8 ? 12 : size === 10 ? 20 : 30;
  return {
    size,
    squares: g.squares,
    anchors,
    patternAt,
    block: patternAt + anchors * STATES,
    fullPieces: 2 * men,
    // 0: linear in the pieces down to an empty board. An ending at 8 (8x8) or 12 (10x10)
    // pieces and fewer fitted worse (brazilian validation log-loss 0.471 against 0.466).
    endPieces: 0,
  };
}

/** White's rhombus anchored on sq (an a1-dark geometry): sq, NW, NE, two rows ahead; or null. */
function rhombus(g: Geometry, sq: number): number[] | null {
  const n = g.squares;
  const nw = g.step[0 * n + sq];
  const ne = g.step[1 * n + sq];
  if (nw < 0 || ne < 0) return null;
  const top = g.step[1 * n + nw];
  return top < 0 ? null : [sq, nw, ne, top];
}

/** Where features go: indices into a block-less feature space and their values. */
export class FeatureList {
  readonly index: Int32Array;
  readonly value: Int16Array;
  count = 0;
  /** Pieces: white men, white kings, black men, black kings (the drawn-material rule). */
  readonly pieces = new Int32Array(4);
  constructor(capacity = 512) {
    this.index = new Int32Array(capacity);
    this.value = new Int16Array(capacity);
  }
  push(i: number, v: number): void {
    this.index[this.count] = i;
    this.value[this.count++] = v;
  }
}

/** Code of a board byte for White's view (empty 0, white 1, black 2) and for Black's. */
const CODE_W = new Int8Array(16);
const CODE_B = new Int8Array(16);
for (const v of [WHITE, WHITE | KING]) {
  CODE_W[v] = 1;
  CODE_B[v] = 2;
}
for (const v of [BLACK, BLACK | KING]) {
  CODE_W[v] = 2;
  CODE_B[v] = 1;
}

/** The feature extractor for one variant's board (its geometry, a1 dark or light). */
export class Features {
  readonly layout: Layout;
  private readonly n: number;
  private readonly size: number;
  /** Canonical square of an actual one (identity on a1-dark boards). */
  private readonly canon: Int16Array;
  /** Per anchor, the 4 actual squares of White's rhombus, then of Black's (turned 180). */
  private readonly cellsW: Int16Array;
  private readonly cellsB: Int16Array;
  private readonly onLongDiagonal: Uint8Array;
  /** Left half (canonical column < size / 2). */
  private readonly left: Uint8Array;
  /** Rows to go of a white man on sq (a black man's: on n - 1 - sq). */
  private readonly toGo: Int8Array;
  /** Forward cone of a white man (then of a black one) as lists: coneAt[sq]..coneAt[sq + 1]. */
  private readonly coneW: Int16Array;
  private readonly coneB: Int16Array;
  private readonly coneAt: Int32Array;
  private readonly zone: number;
  private readonly step: Int8Array;
  private readonly ray: Int8Array;
  /** weigh()'s scratch: each square's code for White's and Black's view, men near promotion. */
  private readonly codeW: Uint8Array;
  private readonly codeB: Uint8Array;
  private readonly near: Int16Array;
  /** weigh()'s results: middle-game and ending sums, and the pieces (as FeatureList.pieces). */
  mid = 0;
  end = 0;
  readonly pieces = new Int32Array(4);

  constructor(g: Geometry) {
    const n = g.squares;
    const size = g.size;
    this.layout = layoutFor(size);
    this.n = n;
    this.size = size;
    this.step = g.step;
    this.ray = g.ray;
    this.zone = Math.round(size * 0.4);
    this.codeW = new Uint8Array(n);
    this.codeB = new Uint8Array(n);
    this.near = new Int16Array(n);
    const dark = geometry(size, true);
    // Canonical (a1-dark) index of each actual square: columns mirrored on a1-light boards.
    const at = new Int16Array(size * size).fill(-1);
    for (let sq = 0; sq < n; sq++) at[g.rowOf[sq] * size + g.colOf[sq]] = sq;
    const actual = new Int16Array(n);
    this.canon = new Int16Array(n);
    for (let c = 0; c < n; c++) {
      const col = g.a1Dark ? dark.colOf[c] : size - 1 - dark.colOf[c];
      const sq = at[dark.rowOf[c] * size + col];
      actual[c] = sq;
      this.canon[sq] = c;
    }
    const a = this.layout.anchors;
    this.cellsW = new Int16Array(4 * a);
    this.cellsB = new Int16Array(4 * a);
    let k = 0;
    for (let c = 0; c < n; c++) {
      const cells = rhombus(dark, c);
      if (cells === null) continue;
      for (let i = 0; i < 4; i++) {
        this.cellsW[4 * k + i] = actual[cells[i]];
        this.cellsB[4 * k + i] = n - 1 - actual[cells[i]];
      }
      k++;
    }
    this.onLongDiagonal = new Uint8Array(n);
    this.left = new Uint8Array(n);
    this.toGo = new Int8Array(n);
    const cones: number[][] = [];
    for (let sq = 0; sq < n; sq++) {
      const r = g.rowOf[sq];
      const c = g.colOf[sq];
      this.onLongDiagonal[sq] = (g.a1Dark ? r + c === size - 1 : r === c) ? 1 : 0;
      this.left[sq] = dark.colOf[this.canon[sq]] < size / 2 ? 1 : 0;
      this.toGo[sq] = r;
      const cone: number[] = [];
      for (let t = 0; t < n; t++) {
        const ahead = r - g.rowOf[t];
        if (ahead > 0 && Math.abs(g.colOf[t] - c) <= ahead + 1) cone.push(t);
      }
      cones.push(cone);
    }
    this.coneAt = new Int32Array(n + 1);
    for (let sq = 0; sq < n; sq++) this.coneAt[sq + 1] = this.coneAt[sq] + cones[sq].length;
    this.coneW = new Int16Array(this.coneAt[n]);
    this.coneB = new Int16Array(this.coneAt[n]);
    for (let sq = 0; sq < n; sq++)
      for (let i = 0; i < cones[sq].length; i++) {
        // Black's cone of n-1-sq is White's cone of sq turned.
        this.coneW[this.coneAt[sq] + i] = cones[sq][i];
        this.coneB[this.coneAt[sq] + i] = n - 1 - cones[sq][i];
      }
  }

  /** The board's features (White's view, Black's entered negated) into `out`. */
  extract(board: Int8Array, out: FeatureList): void {
    const n = this.n;
    const step = this.step;
    const canon = this.canon;
    out.count = 0;
    let wm = 0;
    let wk = 0;
    let bm = 0;
    let bk = 0;
    let wl = 0;
    let bl = 0;
    let diag = 0;
    let reach = 0;
    let mob = 0;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if (v === 0) continue;
      if (v === WHITE) {
        wm++;
        wl += this.left[sq];
        out.push(PST + canon[sq], 1);
        if (step[sq] >= 0 && board[step[sq]] === 0) mob++;
        if (step[n + sq] >= 0 && board[step[n + sq]] === 0) mob++;
      } else if (v === BLACK) {
        bm++;
        bl += this.left[sq];
        out.push(PST + canon[n - 1 - sq], -1);
        if (step[2 * n + sq] >= 0 && board[step[2 * n + sq]] === 0) mob--;
        if (step[3 * n + sq] >= 0 && board[step[3 * n + sq]] === 0) mob--;
      } else {
        const white = (v & WHITE) !== 0;
        if (white) wk++;
        else bk++;
        if (this.onLongDiagonal[sq] === 1) diag += white ? 1 : -1;
        const r = this.kingReach(board, sq);
        reach += white ? r : -r;
      }
    }
    const p = out.pieces;
    p[0] = wm;
    p[1] = wk;
    p[2] = bm;
    p[3] = bk;
    if (wm !== bm) out.push(MAN, wm - bm);
    if (wk !== bk) out.push(KING_F, wk - bk);
    if (diag !== 0) out.push(KING_DIAG, diag);
    if (reach !== 0) out.push(KING_REACH, reach);
    const balance = Math.abs(2 * wl - wm) - Math.abs(2 * bl - bm);
    if (balance !== 0) out.push(BALANCE, balance);
    if (mob !== 0) out.push(MOBILITY, mob);
    if (wm > 0) this.runaways(board, WHITE, bk > 0, out);
    if (bm > 0) this.runaways(board, BLACK, wk > 0, out);
    const pat = this.layout.patternAt;
    const cw = this.cellsW;
    const cb = this.cellsB;
    for (let a = 0, i = 0; i < cw.length; a++, i += 4) {
      const base = pat + a * STATES;
      const sw =
        27 * CODE_W[board[cw[i]]] +
        9 * CODE_W[board[cw[i + 1]]] +
        3 * CODE_W[board[cw[i + 2]]] +
        CODE_W[board[cw[i + 3]]];
      const sb =
        27 * CODE_B[board[cb[i]]] +
        9 * CODE_B[board[cb[i + 1]]] +
        3 * CODE_B[board[cb[i + 2]]] +
        CODE_B[board[cb[i + 3]]];
      // The same state for both sides cancels: nothing to add.
      if (sw !== sb) {
        out.push(base + sw, 1);
        out.push(base + sb, -1);
      }
    }
  }

  /**
   * The evaluator's fast path: sum of weights x extract()'s features, straight into mid (the
   * middle-game block w[0..block)) and end (w[block..2 block)), without listing the features.
   * test/engine/learned-eval.test.ts checks that both agree.
   */
  weigh(board: Int8Array, w: Int16Array, block: number): void {
    const n = this.n;
    const step = this.step;
    const canon = this.canon;
    const codeW = this.codeW;
    const codeB = this.codeB;
    const near = this.near;
    const zone = this.zone;
    const toGo = this.toGo;
    let mid = 0;
    let end = 0;
    let wm = 0;
    let wk = 0;
    let bm = 0;
    let bk = 0;
    let wl = 0;
    let bl = 0;
    let diag = 0;
    let reach = 0;
    let mob = 0;
    let wNear = 0;
    let bNear = n;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      codeW[sq] = CODE_W[v];
      codeB[sq] = CODE_B[v];
      if (v === 0) continue;
      if (v === WHITE) {
        wm++;
        wl += this.left[sq];
        const f = PST + canon[sq];
        mid += w[f];
        end += w[block + f];
        if (step[sq] >= 0 && board[step[sq]] === 0) mob++;
        if (step[n + sq] >= 0 && board[step[n + sq]] === 0) mob++;
        if (toGo[sq] <= zone) near[wNear++] = sq;
      } else if (v === BLACK) {
        bm++;
        bl += this.left[sq];
        const f = PST + canon[n - 1 - sq];
        mid -= w[f];
        end -= w[block + f];
        if (step[2 * n + sq] >= 0 && board[step[2 * n + sq]] === 0) mob--;
        if (step[3 * n + sq] >= 0 && board[step[3 * n + sq]] === 0) mob--;
        if (toGo[n - 1 - sq] <= zone) near[--bNear] = sq;
      } else {
        const white = (v & WHITE) !== 0;
        if (white) wk++;
        else bk++;
        if (this.onLongDiagonal[sq] === 1) diag += white ? 1 : -1;
        const r = this.kingReach(board, sq);
        reach += white ? r : -r;
      }
    }
    const p = this.pieces;
    p[0] = wm;
    p[1] = wk;
    p[2] = bm;
    p[3] = bk;
    const balance = Math.abs(2 * wl - wm) - Math.abs(2 * bl - bm);
    mid +=
      w[MAN] * (wm - bm) +
      w[KING_F] * (wk - bk) +
      w[KING_DIAG] * diag +
      w[KING_REACH] * reach +
      w[BALANCE] * balance +
      w[MOBILITY] * mob;
    end +=
      w[block + MAN] * (wm - bm) +
      w[block + KING_F] * (wk - bk) +
      w[block + KING_DIAG] * diag +
      w[block + KING_REACH] * reach +
      w[block + BALANCE] * balance +
      w[block + MOBILITY] * mob;
    // Runaways: each side's men near promotion with an empty cone of enemy pieces.
    for (let side = 0; side < 2; side++) {
      const white = side === 0;
      const from = white ? 0 : bNear;
      const to = white ? wNear : n;
      if (from === to) continue;
      const enemy = white ? BLACK : WHITE;
      const cone = white ? this.coneW : this.coneB;
      let count = 0;
      let rows = 0;
      for (let k = from; k < to; k++) {
        const x = white ? near[k] : n - 1 - near[k];
        let free = true;
        for (let i = this.coneAt[x], e = this.coneAt[x + 1]; i < e; i++)
          if ((board[cone[i]] & enemy) !== 0) {
            free = false;
            break;
          }
        if (!free) continue;
        count++;
        rows += toGo[x];
      }
      if (count === 0) continue;
      const sign = white ? 1 : -1;
      if (white ? bk > 0 : wk > 0) {
        mid += sign * count * w[RUNAWAY_K];
        end += sign * count * w[block + RUNAWAY_K];
      } else {
        mid += sign * (count * w[RUNAWAY] + rows * w[RUNAWAY_ROWS]);
        end += sign * (count * w[block + RUNAWAY] + rows * w[block + RUNAWAY_ROWS]);
      }
    }
    const pat = this.layout.patternAt;
    const cw = this.cellsW;
    const cb = this.cellsB;
    for (let base = pat, i = 0; i < cw.length; base += STATES, i += 4) {
      const sw = 27 * codeW[cw[i]] + 9 * codeW[cw[i + 1]] + 3 * codeW[cw[i + 2]] + codeW[cw[i + 3]];
      const sb = 27 * codeB[cb[i]] + 9 * codeB[cb[i + 1]] + 3 * codeB[cb[i + 2]] + codeB[cb[i + 3]];
      if (sw === sb) continue;
      mid += w[base + sw] - w[base + sb];
      end += w[block + base + sw] - w[block + base + sb];
    }
    this.mid = mid;
    this.end = end;
  }

  /** Squares a king on sq reaches along the 4 diagonals. */
  private kingReach(board: Int8Array, sq: number): number {
    const n = this.n;
    const size = this.size;
    const ray = this.ray;
    let reach = 0;
    for (let d = 0; d < 4; d++) {
      const base = (d * n + sq) * size;
      for (let k = 0, t = ray[base]; t >= 0 && board[t] === 0; t = ray[base + ++k]) reach++;
    }
    return reach;
  }

  /** `color`'s men in the promotion zone with no enemy piece in their cone. */
  private runaways(board: Int8Array, color: number, enemyKing: boolean, out: FeatureList): void {
    const n = this.n;
    const white = color === WHITE;
    const enemy = white ? BLACK : WHITE;
    const cone = white ? this.coneW : this.coneB;
    let count = 0;
    let rows = 0;
    for (let sq = 0; sq < n; sq++) {
      if (board[sq] !== color) continue;
      // White's view of the square: Black's man on sq is White's on n - 1 - sq.
      const w = white ? sq : n - 1 - sq;
      const go = this.toGo[w];
      if (go > this.zone) continue;
      let free = true;
      for (let i = this.coneAt[w], e = this.coneAt[w + 1]; i < e; i++)
        if ((board[cone[i]] & enemy) !== 0) {
          free = false;
          break;
        }
      if (!free) continue;
      count++;
      rows += go;
    }
    if (count === 0) return;
    const sign = white ? 1 : -1;
    if (enemyKing) out.push(RUNAWAY_K, sign * count);
    else {
      out.push(RUNAWAY, sign * count);
      out.push(RUNAWAY_ROWS, sign * rows);
    }
  }
}
