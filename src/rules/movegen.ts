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
import {
  ALL_DIRECTIONS,
  DIAGONALS,
  E,
  type Geometry,
  LINES,
  N,
  NE,
  NW,
  opposite,
  S,
  SE,
  SW,
  W,
} from './geometry.js';
import type { Variant } from './variants/variant.js';

/** Room for the longest chain: more than the 30 pieces a side has on 12x12 could ever give. */
export const MAX_CHAIN = 32;

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
  /** Captured bitset over squares 0-31, 32-63 and 64-95 (12x12), for duplicate detection. */
  capLo = new Int32Array(0);
  capHi = new Int32Array(0);
  capX = new Int32Array(0);
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
    this.capX = grow(this.capX, capacity);
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
  private readonly menTakeKings: boolean;
  private readonly midPromote: boolean;
  private readonly score: Variant['captureScore'];
  private readonly orderMatters: boolean;
  /** promotes[color - 1][sq]: a man of that colour is crowned on sq. */
  private readonly promoteRow: [Uint8Array, Uint8Array];
  /** Per colour (white, black): the directions men capture and move in. */
  private readonly manCapture: [readonly number[], readonly number[]];
  private readonly manQuiet: [readonly number[], readonly number[]];
  /** The directions kings move and capture in. */
  private readonly kingQuiet: readonly number[];
  private readonly kingCapture: readonly number[];
  /** sides[d]: where a king's chain arriving along d may turn (d itself is tried apart). */
  private readonly sides: readonly (readonly number[])[];
  /** next[d]: every direction a chain arriving along d may go on in (forward, sides, back). */
  private readonly next: readonly (readonly number[])[];
  private readonly landBehind: boolean;
  private readonly removeAtOnce: boolean;
  private readonly crownGoal: boolean;
  /** A king that may not move without capturing (frisian's limit), or -1. */
  private frozen = -1;

  /** 8x8 boards: per direction, two (source mask, shift) pairs; null on 10x10. */
  private readonly bits: Int32Array | null;
  private readonly scratchBits = new Int32Array(3);

  // State of the chain being explored (valid during generate()).
  private board: Int8Array = new Int8Array(0);
  private list = new MoveList(1);
  private enemy = 0;
  private origin = 0;
  private moverPiece = 0;
  private byKing = false;
  private crowned = false;
  private depth = 0;
  /** routes(): record every route, not one per move. */
  private keepRoutes = false;
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
    const lines = variant.captureLines;
    const capture = lines === 'both' ? ALL_DIRECTIONS : lines === 'orthogonal' ? LINES : DIAGONALS;
    const orth = variant.movement === 'orthogonal';
    // A man goes forward, or sideways on an orthogonal board; captures back only where allowed.
    const forward: [readonly number[], readonly number[]] = orth
      ? [
          [N, W, E],
          [S, W, E],
        ]
      : [
          [NW, NE],
          [SW, SE],
        ];
    const forwardCapture = (i: 0 | 1) => capture.filter((d) => forward[i].includes(d));
    this.manQuiet = forward;
    this.manCapture = variant.menCaptureBackward
      ? [capture, capture]
      : [forwardCapture(0), forwardCapture(1)];
    this.kingQuiet = orth ? LINES : DIAGONALS;
    this.kingCapture = capture;
    const back = variant.reverseInChain;
    this.next = ALL_DIRECTIONS.map((d) => capture.filter((x) => back || x !== opposite(d)));
    this.sides = ALL_DIRECTIONS.map((d) => this.next[d].filter((x) => x !== d));
    this.landBehind = variant.kingLandsBehind;
    this.removeAtOnce = variant.removeAtOnce;
    this.crownGoal = variant.goal === 'crown';
    // The 8x8 bitboard path knows diagonal moves and the usual capture only.
    const usual =
      lines === 'diagonal' && !orth && !this.landBehind && !this.removeAtOnce && !this.crownGoal;
    this.bits = g.squares <= 32 && usual && variant.kingMoveLimit === 0 ? shiftTables(g) : null;
  }

  /**
   * Fills `list` with the legal moves of `color` (WHITE or BLACK) on `board`; returns the count.
   * The board is restored before returning.
   */
  generate(board: Int8Array, color: number, list: MoveList, bb: Int32Array | null = null): number {
    return this.fill(board, color, list, bb, true);
  }

  /**
   * The legal moves when the king on `frozen` (index) may not move without capturing (frisian's
   * king-move limit); -1 = no such king. Only generate() and count() read it.
   */
  generateWith(board: Int8Array, color: number, list: MoveList, frozen: number): number {
    this.frozen = frozen;
    try {
      return this.fill(board, color, list, null, true);
    } finally {
      this.frozen = -1;
    }
  }

  /**
   * Every route of every legal move, the duplicates kept (two routes with the same origin,
   * destination and captured pieces are one move, and generate() lists one of them): a client
   * may send another route of a move than the one generate() lists.
   */
  routes(board: Int8Array, color: number, list: MoveList): number {
    this.keepRoutes = true;
    try {
      return this.fill(board, color, list, null, true);
    } finally {
      this.keepRoutes = false;
    }
  }

  /** The number of legal moves, without storing quiet ones (perft's last ply). */
  count(board: Int8Array, color: number, list: MoveList, bb: Int32Array | null = null): number {
    return this.fill(board, color, list, bb, false);
  }

  /**
   * Generates (or with !store only counts) the moves. `bb`, on 8x8 boards, is the position as
   * bitboards [white, black, kings] kept in step by makeMove/undoMove; without it they are built.
   */
  private fill(
    board: Int8Array,
    color: number,
    list: MoveList,
    bb: Int32Array | null,
    store: boolean,
  ): number {
    this.board = board;
    this.list = list;
    list.count = 0;
    list.best = -1;
    this.enemy = color === WHITE ? BLACK : WHITE;
    const side = color === WHITE ? 0 : 1;
    const forward = this.manQuiet[side];
    this.manDirs = this.manCapture[side];
    // Breakthrough: a king on the board means the game is won; nobody moves again.
    if (this.crownGoal && hasKing(board)) return 0;
    const bits = this.bits;
    if (bits !== null) {
      // 8x8: most positions have no capture and are done with a few shifts.
      if (bb === null) bb = toBits(board, this.scratchBits);
      const own = color === WHITE ? bb[0] : bb[1];
      const enemy = color === WHITE ? bb[1] : bb[0];
      const kings = bb[2];
      const capturers = this.capturers(bits, own, enemy, kings);
      if (capturers === 0) {
        if (store) return this.storeQuietBits(bits, own, enemy, kings, forward, list, color);
        return this.countQuietBits(bits, own, enemy, kings, forward);
      }
      for (let c = capturers; c !== 0; c &= c - 1) {
        const sq = 31 - Math.clz32(c & -c);
        this.capturesFrom(sq, board[sq]);
      }
      return list.count;
    }
    this.captures(color);
    if (list.count > 0) return list.count;
    return this.quietMoves(board, color, forward, list, store);
  }

  /** Stores the quiet moves found from bitboards: men by shifts, kings along their rays. */
  private storeQuietBits(
    bits: Int32Array,
    own: number,
    enemy: number,
    kings: number,
    forward: readonly number[],
    list: MoveList,
    color: number,
  ): number {
    const board = this.board;
    const n = this.n;
    const step = this.step;
    const empty = ~(own | enemy);
    const promote = this.promoteRow[color === WHITE ? 0 : 1];
    const men = own & ~kings;
    for (let i = 0; i < forward.length; i++) {
      const d = forward[i];
      const back = opposite(d) * n;
      for (let t = shift(bits, d, men) & empty; t !== 0; t &= t - 1) {
        const to = 31 - Math.clz32(t & -t);
        const from = step[back + to];
        this.quiet(list, from, to, board[from], promote[to]);
      }
    }
    const ray = this.ray;
    const size = this.size;
    for (let k = own & kings; k !== 0; k &= k - 1) {
      const sq = 31 - Math.clz32(k & -k);
      const v = board[sq];
      for (let d = 0; d < 4; d++) {
        const base = (d * n + sq) * size;
        for (let j = 0, t = ray[base]; t >= 0 && board[t] === 0; t = ray[base + ++j]) {
          this.quiet(list, sq, t, v, 0);
          if (!this.flying) break;
        }
      }
    }
    return list.count;
  }

  /**
   * The pieces that can start a capture (8x8 bitboards): a man whose neighbour is prey with an
   * empty square behind, found by two shifts out and two back; every king if any king can.
   */
  private capturers(bits: Int32Array, own: number, enemy: number, kings: number): number {
    const empty = ~(own | enemy);
    const men = own & ~kings;
    const myKings = own & kings;
    const prey = this.menTakeKings ? enemy : enemy & ~kings;
    const dirs = this.manDirs;
    let from = 0;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i];
      const land = shift(bits, d, shift(bits, d, men) & prey) & empty;
      if (land !== 0) from |= shift(bits, 3 - d, shift(bits, 3 - d, land));
    }
    if (myKings === 0) return from;
    for (let d = 0; d < 4; d++) {
      let e = shift(bits, d, myKings);
      let hit = e & enemy;
      if (this.flying) {
        for (let f = e & empty; f !== 0; f = e & empty) {
          e = shift(bits, d, f);
          hit |= e & enemy;
        }
      }
      if ((shift(bits, d, hit) & empty) !== 0) return from | myKings;
    }
    return from;
  }

  /** The number of quiet moves, from bitboards. */
  private countQuietBits(
    bits: Int32Array,
    own: number,
    enemy: number,
    kings: number,
    forward: readonly number[],
  ): number {
    const empty = ~(own | enemy);
    const men = own & ~kings;
    const myKings = own & kings;
    let count = 0;
    for (let i = 0; i < forward.length; i++)
      count += popcount(shift(bits, forward[i], men) & empty);
    if (myKings === 0) return count;
    for (let d = 0; d < 4; d++) {
      let f = shift(bits, d, myKings) & empty;
      count += popcount(f);
      if (!this.flying) continue;
      while (f !== 0) {
        f = shift(bits, d, f) & empty;
        count += popcount(f);
      }
    }
    return count;
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

  private capturesFrom(sq: number, v: number): void {
    const board = this.board;
    board[sq] = 0; // the origin is empty during the chain
    this.origin = sq;
    this.moverPiece = v;
    this.depth = 0;
    this.crowned = false;
    if ((v & KING) !== 0) {
      this.byKing = true;
      const dirs = this.kingCapture;
      for (let i = 0; i < dirs.length; i++) {
        if (this.flying) this.createPath(sq, dirs[i]);
        else this.jump(sq, dirs[i], true);
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
    board[c] = this.removeAtOnce ? 0 : v | CAPTURED;
    const depth = this.depth;
    this.capStack[depth] = c;
    this.capvStack[depth] = v;
    this.landStack[depth] = l;
    this.depth = depth + 1;
    let found = false;
    if (!king && this.midPromote && this.promoteRow[this.moverPiece & WHITE ? 0 : 1][l] === 1) {
      // Russian: crowned on the spot, the chain goes on with a king's reach.
      this.crowned = true;
      const next = this.next[d];
      for (let i = 0; i < next.length; i++) found = this.createPath(l, next[i]) || found;
      this.crowned = false;
      if (!found) {
        this.crowned = true;
        this.emit(l);
        this.crowned = false;
      }
    } else {
      if (king) {
        const next = this.next[d];
        for (let i = 0; i < next.length; i++) found = this.jump(l, next[i], true) || found;
      } else {
        // A man's own directions, never straight back over the square it came from.
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

  /**
   * forEachSide: from landing square `l` of a chain going along `d`, try each way it may turn
   * (the two side diagonals; on frisian's lines too, and back where the variant allows).
   */
  private forEachSide(l: number, d: number): boolean {
    const sides = this.sides[d];
    let found = false;
    for (let i = 0; i < sides.length; i++) found = this.createPath(l, sides[i]) || found;
    return found;
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
    board[c] = this.removeAtOnce ? 0 : v | CAPTURED;
    const depth = this.depth;
    this.capStack[depth] = c;
    this.capvStack[depth] = v;
    this.depth = depth + 1;
    let found = false;
    if (this.landBehind) {
      // Thai: the king stops right behind its prey and goes on from there, if it can.
      this.landStack[depth] = first;
      const next = this.next[d];
      for (let i = 0; i < next.length; i++) found = this.createPath(first, next[i]) || found;
      if (!found) this.emit(first);
      this.depth = depth;
      board[c] = v;
      return true;
    }
    let j = k + 1;
    for (let l = first; l >= 0 && board[l] === 0; l = ray[base + ++j]) {
      this.landStack[depth] = l;
      found = this.forEachSide(l, d) || found;
    }
    // Straight on: the next piece along the ray is reached from any landing square alike, so
    // once is enough; routes() wants each landing square's route (another path of the move).
    if (this.keepRoutes) {
      for (let i = k + 1; i < j; i++) {
        this.landStack[depth] = ray[base + i];
        found = this.createPath(ray[base + i], d) || found;
      }
    } else {
      this.landStack[depth] = first;
      found = this.createPath(ray[base + j - 1], d) || found;
    }
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
    let x = 0;
    for (let i = 0; i < depth; i++) {
      const c = this.capStack[i];
      if (c < 32) lo |= 1 << c;
      else if (c < 64) hi |= 1 << (c - 32);
      else x |= 1 << (c - 64);
    }
    const origin = this.origin;
    for (let m = 0; m < (this.keepRoutes ? 0 : list.count); m++) {
      if (
        list.capLo[m] === lo &&
        list.capHi[m] === hi &&
        list.capX[m] === x &&
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
    list.capX[m] = x;
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
    for (let i = 0; i < this.depth; i++)
      if (this.list.caps[at + i] !== this.capStack[i]) return false;
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
    const kingDirs = this.kingQuiet;
    let count = 0;
    for (let sq = 0; sq < n; sq++) {
      const v = board[sq];
      if ((v & color) === 0 || sq === this.frozen) continue;
      if ((v & KING) === 0) {
        for (let i = 0; i < forward.length; i++) {
          const t = step[forward[i] * n + sq];
          if (t < 0 || board[t] !== 0) continue;
          if (store) this.quiet(list, sq, t, v, promote[t]);
          count++;
        }
      } else if (this.flying) {
        for (let i = 0; i < kingDirs.length; i++) {
          const base = (kingDirs[i] * n + sq) * size;
          for (let k = 0, t = ray[base]; t >= 0 && board[t] === 0; t = ray[base + ++k]) {
            if (store) this.quiet(list, sq, t, v, 0);
            count++;
          }
        }
      } else {
        for (let i = 0; i < kingDirs.length; i++) {
          const t = step[kingDirs[i] * n + sq];
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
    list.capX[m] = 0;
    list.lands[m * MAX_CHAIN] = to;
  }
}

function hasKing(board: Int8Array): boolean {
  for (let sq = 0; sq < board.length; sq++) if ((board[sq] & KING) !== 0) return true;
  return false;
}

/** The board as bitboards [white, black, kings] (8x8 only). */
export function toBits(board: Int8Array, out: Int32Array = new Int32Array(3)): Int32Array {
  let w = 0;
  let b = 0;
  let k = 0;
  for (let sq = 0; sq < board.length; sq++) {
    const v = board[sq];
    if (v === 0) continue;
    const bit = 1 << sq;
    if ((v & WHITE) !== 0) w |= bit;
    else b |= bit;
    if ((v & KING) !== 0) k |= bit;
  }
  out[0] = w;
  out[1] = b;
  out[2] = k;
  return out;
}

/** For each direction: [mask0, shift0, mask1, shift1]: squares whose neighbour is sq + shift. */
function shiftTables(g: Geometry): Int32Array {
  const t = new Int32Array(16);
  for (let d = 0; d < 4; d++) {
    const groups = new Map<number, number>();
    for (let sq = 0; sq < g.squares; sq++) {
      const to = g.step[d * g.squares + sq];
      if (to >= 0) groups.set(to - sq, (groups.get(to - sq) ?? 0) | (1 << sq));
    }
    const entries = [...groups];
    if (entries.length > 2) throw new Error('8x8 geometry has two shifts per direction');
    entries.forEach(([delta, mask], i) => {
      t[d * 4 + i * 2] = mask;
      t[d * 4 + i * 2 + 1] = delta;
    });
  }
  return t;
}

/** All pieces of `bb` moved one step along d (off-board ones dropped). */
function shift(t: Int32Array, d: number, bb: number): number {
  const i = d * 4;
  const s0 = t[i + 1];
  const s1 = t[i + 3];
  const a = bb & t[i];
  const b = bb & t[i + 2];
  return (s0 > 0 ? a << s0 : a >>> -s0) | (s1 > 0 ? b << s1 : b >>> -s1);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Plays move `m` of `list` on `board` in place (and on its bitboards `bb`, 8x8, if given). */
export function makeMove(
  board: Int8Array,
  list: MoveList,
  m: number,
  bb: Int32Array | null = null,
): void {
  const from = list.from[m];
  const to = list.to[m];
  const piece = list.piece[m];
  const crowned = list.promote[m] === 1 ? piece | KING : piece;
  board[from] = 0;
  const at = m * MAX_CHAIN;
  for (let i = 0, n = list.ncap[m]; i < n; i++) board[list.caps[at + i]] = 0;
  board[to] = crowned;
  if (bb !== null) {
    const me = (piece & WHITE) !== 0 ? 0 : 1;
    const f = 1 << from;
    const t = 1 << to;
    const taken = list.capLo[m];
    bb[me] = (bb[me] & ~f) | t;
    bb[1 - me] &= ~taken;
    bb[2] &= ~(f | taken);
    if ((crowned & KING) !== 0) bb[2] |= t;
  }
}

/** Takes back move `m` of `list` played by makeMove. */
export function undoMove(
  board: Int8Array,
  list: MoveList,
  m: number,
  bb: Int32Array | null = null,
): void {
  const from = list.from[m];
  const to = list.to[m];
  const piece = list.piece[m];
  board[to] = 0;
  const at = m * MAX_CHAIN;
  let takenKings = 0;
  for (let i = 0, n = list.ncap[m]; i < n; i++) {
    const c = list.caps[at + i];
    const v = list.capv[at + i];
    board[c] = v;
    if ((v & KING) !== 0) takenKings |= 1 << c;
  }
  board[from] = piece;
  if (bb !== null) {
    const me = (piece & WHITE) !== 0 ? 0 : 1;
    const f = 1 << from;
    const t = 1 << to;
    bb[me] = (bb[me] & ~t) | f;
    bb[1 - me] |= list.capLo[m];
    bb[2] = (bb[2] & ~t) | takenKings | ((piece & KING) !== 0 ? f : 0);
  }
}
