/**
 * The move generator, shared by every variant. It keeps the shape of the seed design:
 * `forEachSquare` walks a ray, `forEachSide` turns a capture chain onto the side diagonals and
 * `createPath` recursively builds capture paths; but it works over precomputed rays and a mutable
 * byte board with make/undo, and writes moves into preallocated typed arrays, so generating and
 * validating moves allocates nothing.
 *
 * Capture rules implemented here for all variants: capture is mandatory; the whole chain must be
 * taken (a flying king must land where it can go on capturing, when it can); captured pieces stay
 * on the board until the move ends (they block and cannot be jumped twice); the origin square is
 * empty during the chain (so a king may come back to it); the variant's precedence keeps only the
 * best-scored sequences; duplicates (same origin, destination and captured set) are one move.
 */
import { BLACK, CAPTURED, KING, WHITE } from './board.js';
import { type Geometry, opposite, SIDES } from './geometry.js';
import type { Variant } from './variants/variant.js';

/** Room for the longest chain: more than the 20 pieces a side has on 10x10. */
export const MAX_CHAIN = 24;

/** A growable list of moves in parallel typed arrays; one list per search depth is reused. */
export class MoveList {
  count = 0;
  /** Best capture score seen while generating (precedence rules). */
  best = -1;
  capacity = 0;
  from = new Int8Array(0);
  to = new Int8Array(0);
  /** The moving piece's byte, to undo. */
  piece = new Int8Array(0);
  ncap = new Int8Array(0);
  promote = new Uint8Array(0);
  /** Captured bitset over squares 0-31 and 32-63, for duplicate detection. */
  capLo = new Int32Array(0);
  capHi = new Int32Array(0);
  /** Per move, MAX_CHAIN slots: captured squares, their bytes, and landing squares. */
  caps = new Int8Array(0);
  capv = new Int8Array(0);
  lands = new Int8Array(0);

  constructor(capacity = 64) {
    this.resize(capacity);
  }

  private resize(capacity: number): void {
    const grow = <T extends Int8Array | Uint8Array | Int32Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a.subarray(0, Math.min(a.length, n)));
      return b;
    };
    this.from = grow(this.from, capacity);
    this.to = grow(this.to, capacity);
    this.piece = grow(this.piece, capacity);
    this.ncap = grow(this.ncap, capacity);
    this.promote = grow(this.promote, capacity);
    this.capLo = grow(this.capLo, capacity);
    this.capHi = grow(this.capHi, capacity);
    this.caps = grow(this.caps, capacity * MAX_CHAIN);
    this.capv = grow(this.capv, capacity * MAX_CHAIN);
    this.lands = grow(this.lands, capacity * MAX_CHAIN);
    this.capacity = capacity;
  }

  /** Index of a fresh slot at the end. */
  push(): number {
    if (this.count === this.capacity) this.resize(this.capacity * 2);
    return this.count++;
  }
}

/** Move generation for one variant. Not re-entrant: one generator per thread of search. */
export class MoveGenerator {
  private readonly n: number;
  private readonly size: number;
  private readonly step: Int8Array;
  private readonly ray: Int8Array;
  private readonly flying: boolean;
  private readonly menBack: boolean;
  private readonly menTakeKings: boolean;
  private readonly midPromote: boolean;
  private readonly score: Variant['captureScore'];
  private readonly orderMatters: boolean;
  /** promotes[color - 1][sq]: a man of that colour is crowned on sq. */
  private readonly promoteRow: [Uint8Array, Uint8Array];

  // State of the chain being explored (valid during generate()).
  private board: Int8Array = new Int8Array(0);
  private list = new MoveList(1);
  private enemy = 0;
  private origin = 0;
  private moverPiece = 0;
  private byKing = false;
  private crowned = false;
  private depth = 0;
  private manDirs: readonly number[] = [];
  private readonly capStack = new Int8Array(MAX_CHAIN);
  private readonly capvStack = new Int8Array(MAX_CHAIN);
  private readonly landStack = new Int8Array(MAX_CHAIN);

  constructor(readonly variant: Variant) {
    const g: Geometry = variant.geometry;
    this.n = g.squares;
    this.size = g.size;
    this.step = g.step;
    this.ray = g.ray;
    this.flying = variant.flyingKings;
    this.menBack = variant.menCaptureBackward;
    this.menTakeKings = variant.menCaptureKings;
    this.midPromote = variant.promoteMidCapture;
    this.score = variant.captureScore;
    this.orderMatters = variant.captureOrderMatters;
    const w = new Uint8Array(g.squares);
    const b = new Uint8Array(g.squares);
    for (let sq = 0; sq < g.squares; sq++) {
      w[sq] = g.rowOf[sq] === 0 ? 1 : 0;
      b[sq] = g.rowOf[sq] === g.size - 1 ? 1 : 0;
    }
    this.promoteRow = [w, b];
  }

  /**
   * Fills `list` with the legal moves of `color` (WHITE or BLACK) on `board`; returns the count.
   * The board is restored before returning.
   */
  generate(board: Int8Array, color: number, list: MoveList): number {
    this.board = board;
    this.list = list;
    list.count = 0;
    list.best = -1;
    this.enemy = color === WHITE ? BLACK : WHITE;
    const forward = color === WHITE ? WHITE_FORWARD : BLACK_FORWARD;
    this.manDirs = this.menBack ? ALL_DIRS : forward;
    this.captures(color);
    if (list.count > 0) return list.count;
    return this.quietMoves(board, color, forward, list, true);
  }

  /** The number of legal moves, without storing quiet ones (perft's last ply). */
  count(board: Int8Array, color: number, list: MoveList): number {
    this.board = board;
    this.list = list;
    list.count = 0;
    list.best = -1;
    this.enemy = color === WHITE ? BLACK : WHITE;
    const forward = color === WHITE ? WHITE_FORWARD : BLACK_FORWARD;
    this.manDirs = this.menBack ? ALL_DIRS : forward;
    this.captures(color);
    if (list.count > 0) return list.count;
    return this.quietMoves(board, color, forward, list, false);
  }

  private captures(color: number): void {
    const board = this.board;
    const n = this.n;
    const step = this.step;
    const enemy = this.enemy;
    const dirs = this.manDirs;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if ((v & color) === 0) continue;
      if ((v & KING) !== 0) {
        this.capturesFrom(sq, v);
        continue;
      }
      // Most men can capture nothing: test the adjacent squares before a full search.
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i];
        const c = step[d * n + sq];
        if (c < 0 || (board[c] & enemy) === 0) continue;
        const l = step[d * n + c];
        if (l >= 0 && board[l] === 0) {
          this.capturesFrom(sq, v);
          break;
        }
      }
    }
  }

  /** True if `color` has any capture: cheaper than generate() when only that is asked. */
  hasCapture(board: Int8Array, color: number): boolean {
    const scratch = new MoveList(4);
    this.generate(board, color, scratch);
    return scratch.count > 0 && scratch.ncap[0] > 0;
  }

  private capturesFrom(sq: number, v: number): void {
    const board = this.board;
    board[sq] = 0; // the origin is empty during the chain
    this.origin = sq;
    this.moverPiece = v;
    this.depth = 0;
    this.crowned = false;
    if ((v & KING) !== 0) {
      this.byKing = true;
      for (let d = 0; d < 4; d++) {
        if (this.flying) this.createPath(sq, d);
        else this.jump(sq, d, true);
      }
    } else {
      this.byKing = false;
      const dirs = this.manDirs;
      for (let i = 0; i < dirs.length; i++) this.jump(sq, dirs[i], false);
    }
    board[sq] = v;
  }

  /** A one-step jump (men everywhere; kings where they are not flying). */
  private jump(sq: number, d: number, king: boolean): boolean {
    const n = this.n;
    const c = this.step[d * n + sq];
    if (c < 0) return false;
    const board = this.board;
    const v = board[c];
    if ((v & this.enemy) === 0 || (v & CAPTURED) !== 0) return false;
    if (!king && !this.menTakeKings && (v & KING) !== 0) return false;
    const l = this.step[d * n + c];
    if (l < 0 || board[l] !== 0) return false;
    board[c] = v | CAPTURED;
    const depth = this.depth;
    this.capStack[depth] = c;
    this.capvStack[depth] = v;
    this.landStack[depth] = l;
    this.depth = depth + 1;
    let found = false;
    if (!king && this.midPromote && this.promoteRow[this.moverPiece & WHITE ? 0 : 1][l] === 1) {
      // Russian: crowned on the spot, the chain goes on with a king's reach.
      this.crowned = true;
      for (let d2 = 0; d2 < 4; d2++) if (d2 !== opposite(d)) found = this.createPath(l, d2) || found;
      this.crowned = false;
      if (!found) {
        this.crowned = true;
        this.emit(l);
        this.crowned = false;
      }
    } else {
      if (king) {
        for (let d2 = 0; d2 < 4; d2++) if (d2 !== opposite(d)) found = this.jump(l, d2, true) || found;
      } else {
        const dirs = this.manDirs;
        for (let i = 0; i < dirs.length; i++) {
          if (dirs[i] !== opposite(d)) found = this.jump(l, dirs[i], false) || found;
        }
      }
      if (!found) this.emit(l);
    }
    this.depth = depth;
    board[c] = v;
    return true;
  }

  /**
   * forEachSquare: walks the ray from `sq` along `d` past empty squares; returns the index in the
   * ray of the first occupied square, or -1 when the ray runs off the board.
   */
  private forEachSquare(base: number): number {
    const ray = this.ray;
    const board = this.board;
    let k = 0;
    let s = ray[base];
    while (s >= 0 && board[s] === 0) s = ray[base + ++k];
    return s < 0 ? -1 : k;
  }

  /** forEachSide: from landing square `l` of a chain going along `d`, try both side diagonals. */
  private forEachSide(l: number, d: number): boolean {
    const sides = SIDES[d];
    const a = this.createPath(l, sides[0]);
    const b = this.createPath(l, sides[1]);
    return a || b;
  }

  /**
   * createPath: a flying king at `sq` captures along `d` (if it can), then recursively continues
   * from each landing square, turning sideways (forEachSide) or straight on. Returns whether a
   * capture exists along `d`, so the caller knows the chain must go on.
   */
  private createPath(sq: number, d: number): boolean {
    const size = this.size;
    const base = (d * this.n + sq) * size;
    const k = this.forEachSquare(base);
    if (k < 0) return false;
    const ray = this.ray;
    const board = this.board;
    const c = ray[base + k];
    const v = board[c];
    if ((v & this.enemy) === 0 || (v & CAPTURED) !== 0) return false;
    const first = ray[base + k + 1];
    if (first < 0 || board[first] !== 0) return false;
    board[c] = v | CAPTURED;
    const depth = this.depth;
    this.capStack[depth] = c;
    this.capvStack[depth] = v;
    this.depth = depth + 1;
    let found = false;
    let j = k + 1;
    for (let l = first; l >= 0 && board[l] === 0; l = ray[base + ++j]) {
      this.landStack[depth] = l;
      found = this.forEachSide(l, d) || found;
    }
    // Straight on: the next piece along the ray is reached from any landing square alike.
    this.landStack[depth] = first;
    found = this.createPath(ray[base + j - 1], d) || found;
    if (!found) {
      for (let i = k + 1; i < j; i++) {
        const l = ray[base + i];
        this.landStack[depth] = l;
        this.emit(l);
      }
    }
    this.depth = depth;
    board[c] = v;
    return true;
  }

  /** Records the current chain as a move ending on `to`, applying precedence and dedup. */
  private emit(to: number): void {
    const list = this.list;
    const depth = this.depth;
    let score = 0;
    if (this.score !== null) {
      let kings = 0;
      let early = 0;
      for (let i = 0; i < depth; i++) {
        if ((this.capvStack[i] & KING) !== 0) {
          kings++;
          early |= 1 << (15 - i);
        }
      }
      score = this.score({ count: depth, kings, byKing: this.byKing, earlyKings: early });
    }
    if (score < list.best) return;
    if (score > list.best) {
      list.count = 0;
      list.best = score;
    }
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < depth; i++) {
      const c = this.capStack[i];
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    const origin = this.origin;
    for (let m = 0; m < list.count; m++) {
      if (
        list.capLo[m] === lo &&
        list.capHi[m] === hi &&
        list.to[m] === to &&
        list.from[m] === origin &&
        (!this.orderMatters || this.sameOrder(m))
      ) {
        return;
      }
    }
    const m = list.push();
    list.from[m] = origin;
    list.to[m] = to;
    list.piece[m] = this.moverPiece;
    list.ncap[m] = depth;
    list.capLo[m] = lo;
    list.capHi[m] = hi;
    const man = (this.moverPiece & KING) === 0;
    list.promote[m] =
      man && (this.crowned || this.promoteRow[this.moverPiece & WHITE ? 0 : 1][to] === 1) ? 1 : 0;
    const at = m * MAX_CHAIN;
    for (let i = 0; i < depth; i++) {
      list.caps[at + i] = this.capStack[i];
      list.capv[at + i] = this.capvStack[i];
      list.lands[at + i] = this.landStack[i];
    }
    list.lands[at + depth - 1] = to;
  }

  private sameOrder(m: number): boolean {
    const at = m * MAX_CHAIN;
    for (let i = 0; i < this.depth; i++) if (this.list.caps[at + i] !== this.capStack[i]) return false;
    return true;
  }

  /** Quiet moves: stored in `list` when `store`, else only counted (perft's last ply). */
  private quietMoves(
    board: Int8Array,
    color: number,
    forward: readonly number[],
    list: MoveList,
    store: boolean,
  ): number {
    const n = this.n;
    const size = this.size;
    const step = this.step;
    const ray = this.ray;
    const promote = this.promoteRow[color === WHITE ? 0 : 1];
    let count = 0;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if ((v & color) === 0) continue;
      if ((v & KING) === 0) {
        for (let i = 0; i < forward.length; i++) {
          const t = step[forward[i] * n + sq];
          if (t < 0 || board[t] !== 0) continue;
          if (store) this.quiet(list, sq, t, v, promote[t]);
          count++;
        }
      } else if (this.flying) {
        for (let d = 0; d < 4; d++) {
          const base = (d * n + sq) * size;
          for (let k = 0, t = ray[base]; t >= 0 && board[t] === 0; t = ray[base + ++k]) {
            if (store) this.quiet(list, sq, t, v, 0);
            count++;
          }
        }
      } else {
        for (let d = 0; d < 4; d++) {
          const t = step[d * n + sq];
          if (t < 0 || board[t] !== 0) continue;
          if (store) this.quiet(list, sq, t, v, 0);
          count++;
        }
      }
    }
    return count;
  }

  private quiet(list: MoveList, from: number, to: number, piece: number, promote: number): void {
    const m = list.push();
    list.from[m] = from;
    list.to[m] = to;
    list.piece[m] = piece;
    list.ncap[m] = 0;
    list.promote[m] = promote;
    list.capLo[m] = 0;
    list.capHi[m] = 0;
    list.lands[m * MAX_CHAIN] = to;
  }
}

const ALL_DIRS: readonly number[] = [0, 1, 2, 3];
const WHITE_FORWARD: readonly number[] = [0, 1];
const BLACK_FORWARD: readonly number[] = [2, 3];

/** Plays move `m` of `list` on `board` in place. */
export function makeMove(board: Int8Array, list: MoveList, m: number): void {
  const from = list.from[m];
  const piece = list.piece[m];
  board[from] = 0;
  const at = m * MAX_CHAIN;
  for (let i = 0, n = list.ncap[m]; i < n; i++) board[list.caps[at + i]] = 0;
  board[list.to[m]] = list.promote[m] === 1 ? piece | KING : piece;
}

/** Takes back move `m` of `list` played by makeMove. */
export function undoMove(board: Int8Array, list: MoveList, m: number): void {
  board[list.to[m]] = 0;
  const at = m * MAX_CHAIN;
  for (let i = 0, n = list.ncap[m]; i < n; i++) board[list.caps[at + i]] = list.capv[at + i];
  board[list.from[m]] = list.piece[m];
}
