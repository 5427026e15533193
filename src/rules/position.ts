/**
 * Position: an immutable value (variant, pieces, side to move). Moves are generated on demand
 * and cached; play() returns a new Position. A requested move is legal only if it equals a
 * generated one.
 */
import { BLACK, KING, WHITE } from './board.js';
import { err, ok, type RulesResult } from './errors.js';
import { type KingRuns, makeFen, NO_RUNS, parseFen, type Setup } from './fen.js';
import { makeMove, MAX_CHAIN, MoveGenerator, MoveList } from './movegen.js';
import { opponent, type Color, type Move, type MoveRequest, type VariantId } from './types.js';
import { getVariant, isVariantId, type Variant } from './variants/index.js';

export interface PieceInfo {
  readonly square: number;
  readonly color: Color;
  readonly king: boolean;
}

const generators = new Map<VariantId, MoveGenerator>();

/** One generator per variant: generation is synchronous, so sharing it is safe in JS. */
export function generatorFor(variant: Variant): MoveGenerator {
  let g = generators.get(variant.id);
  if (!g) {
    g = new MoveGenerator(variant);
    generators.set(variant.id, g);
  }
  return g;
}

/**
 * One scratch list for every Position: generation is synchronous and each method reads the list
 * before returning, so positions allocate no typed arrays (those cost more than generating).
 */
const scratch = new MoveList(128);
/** The routes of the moves, for a client path that takes another route of one (rare). */
const routeScratch = new MoveList(128);

export class Position implements Setup {
  private fenCache: string | null = null;

  private constructor(
    readonly variant: Variant,
    readonly board: Int8Array,
    readonly turn: Color,
    /** Frisian: each side's king that moved last without capturing, and how often in a row. */
    readonly kingRuns: KingRuns = NO_RUNS,
  ) {}

  static initial(variant: Variant | VariantId = 'brazilian'): Position {
    const v = typeof variant === 'string' ? getVariant(variant) : variant;
    const setup = parseFen(v, v.initialFen);
    if (!setup.ok) throw new Error(`bad initial FEN for ${v.id}`); // a bug in our own data
    return new Position(v, setup.value.board, setup.value.turn);
  }

  static fromSetup(variant: Variant, setup: Setup): Position {
    return new Position(
      variant,
      Int8Array.from(setup.board),
      setup.turn,
      variant.kingMoveLimit > 0 ? (setup.kingRuns ?? NO_RUNS) : NO_RUNS,
    );
  }

  static fromFen(variant: Variant | VariantId | string, fen: string): RulesResult<Position> {
    if (typeof variant === 'string' && !isVariantId(variant)) {
      return err('INVALID_VARIANT', `unknown variant "${variant}"`);
    }
    const v = typeof variant === 'string' ? getVariant(variant as VariantId) : variant;
    const setup = parseFen(v, fen);
    if (!setup.ok) return setup;
    return ok(Position.fromSetup(v, setup.value));
  }

  get fen(): string {
    if (this.fenCache === null) this.fenCache = makeFen(this);
    return this.fenCache;
  }

  /** The piece on PDN square `square`, or null. */
  pieceAt(square: number): PieceInfo | null {
    const v = this.board[square - 1];
    if (!v) return null;
    return { square, color: (v & WHITE) !== 0 ? 'white' : 'black', king: (v & KING) !== 0 };
  }

  pieces(): PieceInfo[] {
    const out: PieceInfo[] = [];
    for (let sq = 0; sq < this.board.length; sq++) {
      const p = this.pieceAt(sq + 1);
      if (p) out.push(p);
    }
    return out;
  }

  count(color: Color): { men: number; kings: number } {
    const c = color === 'white' ? WHITE : BLACK;
    let men = 0;
    let kings = 0;
    for (const v of this.board) {
      if ((v & c) === 0) continue;
      if ((v & KING) !== 0) kings++;
      else men++;
    }
    return { men, kings };
  }

  /** The generated moves in the shared scratch list: valid until the next generation. */
  private moveList(): MoveList {
    const color = this.turn === 'white' ? WHITE : BLACK;
    const frozen = this.frozenKing();
    if (frozen < 0) generatorFor(this.variant).generate(this.board, color, scratch);
    else generatorFor(this.variant).generateWith(this.board, color, scratch, frozen);
    return scratch;
  }

  /**
   * Frisian: the side to move's king that has used up its non-capturing moves in a row (it may
   * still capture), as an index; -1 when there is none or the side has no men left.
   */
  private frozenKing(): number {
    const limit = this.variant.kingMoveLimit;
    if (limit === 0) return -1;
    const run = this.kingRuns[this.turn];
    if (run === null || run.moves < limit || this.count(this.turn).men === 0) return -1;
    return run.square - 1;
  }

  /** How many legal moves the side to move has. */
  moveCount(): number {
    return this.moveList().count;
  }

  legalMoves(): Move[] {
    const list = this.moveList();
    const out: Move[] = [];
    for (let m = 0; m < list.count; m++) out.push(toMove(list, m));
    return out;
  }

  /** Legal moves of the piece on `square` (empty for an empty square or the side not to move). */
  movesFrom(square: number): Move[] {
    const list = this.moveList();
    const out: Move[] = [];
    for (let m = 0; m < list.count; m++) if (list.from[m] === square - 1) out.push(toMove(list, m));
    return out;
  }

  get hasCapture(): boolean {
    const list = this.moveList();
    return list.count > 0 && list.ncap[0] > 0;
  }

  /**
   * The legal move a client asks for: `path` [from, ..., to] or from/to. A path's intermediate
   * squares must be landing squares of the chain (any landing square in a straight run counts).
   */
  findMove(req: MoveRequest): RulesResult<Move> {
    const n = this.variant.geometry.squares;
    const path =
      req.path ?? (req.from !== undefined && req.to !== undefined ? [req.from, req.to] : null);
    if (!path || path.length < 2) return err('ILLEGAL_MOVE', 'a move needs from and to, or a path');
    for (const s of path) {
      if (!Number.isInteger(s) || s < 1 || s > n)
        return err('ILLEGAL_MOVE', `square ${s} is not on the board`);
    }
    const from = path[0] - 1;
    const to = path[path.length - 1] - 1;
    const own = this.turn === 'white' ? WHITE : BLACK;
    if ((this.board[from] & own) === 0) {
      return err('NO_PIECE', `no ${this.turn} piece on square ${from + 1}`);
    }
    const list = this.moveList();
    let found = -1;
    let matches = 0;
    for (let m = 0; m < list.count; m++) {
      if (list.from[m] !== from || list.to[m] !== to) continue;
      if (path.length > 2 && !this.pathFits(list, m, path)) continue;
      if (matches === 0) found = m;
      matches++;
    }
    // Another route of a legal move (a king's circuit taken the other way round): that move.
    if (matches === 0 && path.length > 2) {
      const canonical = this.otherRoute(list, path);
      if (canonical >= 0) return ok(toMove(list, canonical));
    }
    if (matches === 0) return err('ILLEGAL_MOVE', `${path.join('-')} is not a legal move here`);
    if (matches > 1 && req.path) {
      // A path that is one of them whole is that move (russian: 10x1 and 10x3x12x19x1 both end
      // on 1; the path [10, 1] is the single capture's). from/to alone stays ambiguous.
      for (let m = 0; m < list.count; m++) {
        if (list.from[m] !== from || list.to[m] !== to) continue;
        const move = toMove(list, m);
        if (move.path.length === path.length && move.path.every((sq, i) => sq === path[i]))
          return ok(move);
      }
    }
    if (matches > 1) {
      return err(
        'AMBIGUOUS_MOVE',
        `${matches} captures go from ${from + 1} to ${to + 1}: send the full path`,
      );
    }
    return ok(toMove(list, found));
  }

  /**
   * The move in `list` (the generated moves) of which `path` is another route: the same origin,
   * destination and captured pieces, by a route the rules allow but generate() did not list
   * (it lists one route per move, as perft counts them). -1 if there is none.
   */
  private otherRoute(list: MoveList, path: readonly number[]): number {
    const routes = routeScratch;
    generatorFor(this.variant).routes(this.board, this.turn === 'white' ? WHITE : BLACK, routes);
    const from = path[0] - 1;
    const to = path[path.length - 1] - 1;
    for (let r = 0; r < routes.count; r++) {
      if (routes.from[r] !== from || routes.to[r] !== to || !this.pathFits(routes, r, path))
        continue;
      for (let m = 0; m < list.count; m++)
        if (
          list.from[m] === from &&
          list.to[m] === to &&
          list.capLo[m] === routes.capLo[r] &&
          list.capHi[m] === routes.capHi[r] &&
          list.capX[m] === routes.capX[r]
        )
          return m;
    }
    return -1;
  }

  /** Each leg of the client's path passes over the matching captured piece, in order. */
  private pathFits(list: MoveList, m: number, path: readonly number[]): boolean {
    const ncap = list.ncap[m];
    if (path.length - 1 !== ncap) return false;
    const g = this.variant.geometry;
    const at = m * MAX_CHAIN;
    for (let i = 0; i < ncap; i++) {
      const a = path[i] - 1;
      const b = path[i + 1] - 1;
      const c = list.caps[at + i];
      const dr = g.rowOf[b] - g.rowOf[a];
      const dc = g.colOf[b] - g.colOf[a];
      const cr = g.rowOf[c] - g.rowOf[a];
      const cc = g.colOf[c] - g.colOf[a];
      // a diagonal, or a row or column (frisian, turkish)
      if ((dr === 0 && dc === 0) || (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc)))
        return false;
      // c lies strictly between a and b on the same line
      const far = Math.max(Math.abs(dr), Math.abs(dc));
      const near = Math.max(Math.abs(cr), Math.abs(cc));
      if (
        cr * dc !== cc * dr ||
        Math.sign(cr) !== Math.sign(dr) ||
        Math.sign(cc) !== Math.sign(dc) ||
        near >= far
      )
        return false;
    }
    return true;
  }

  /** Plays a legal move (as returned by legalMoves/findMove) and returns the new position. */
  play(move: Move): Position {
    const list = this.moveList();
    for (let m = 0; m < list.count; m++) {
      if (
        list.from[m] === move.from - 1 &&
        list.to[m] === move.to - 1 &&
        sameCaptures(list, m, move)
      ) {
        const board = Int8Array.from(this.board);
        const runs = this.variant.kingMoveLimit > 0 ? this.runsAfter(list, m, board) : NO_RUNS;
        makeMove(board, list, m);
        return new Position(this.variant, board, opponent(this.turn), runs);
      }
    }
    throw new Error(`play(): ${move.path.join('-')} is not a legal move of ${this.fen}`);
  }

  /**
   * Frisian's king runs after move `m` (board before it): a king's non-capturing move extends its
   * run (or starts one: another king's run ends); any other move ends the mover's run, and a side
   * left without men has none (lidraughts' Frisian.finalizeBoard).
   */
  private runsAfter(list: MoveList, m: number, before: Int8Array): KingRuns {
    const after = Int8Array.from(before);
    makeMove(after, list, m);
    const me = this.turn;
    const them = opponent(me);
    const men = (c: Color) => {
      const bit = c === 'white' ? WHITE : BLACK;
      return after.some((v) => v === bit);
    };
    const from = list.from[m] + 1;
    const kingQuiet = (list.piece[m] & KING) !== 0 && list.ncap[m] === 0;
    const prev = this.kingRuns[me];
    const mine =
      kingQuiet && men(me)
        ? {
            square: list.to[m] + 1,
            moves: prev !== null && prev.square === from ? prev.moves + 1 : 1,
          }
        : null;
    // Theirs lasts while they have men and its king was not taken.
    const run = this.kingRuns[them];
    const theirKing = (them === 'white' ? WHITE : BLACK) | KING;
    const theirs = run !== null && men(them) && after[run.square - 1] === theirKing ? run : null;
    return me === 'white' ? { white: mine, black: theirs } : { white: theirs, black: mine };
  }
}

function sameCaptures(list: MoveList, m: number, move: Move): boolean {
  if (list.ncap[m] !== move.captures.length) return false;
  const at = m * MAX_CHAIN;
  for (let i = 0; i < move.captures.length; i++)
    if (list.caps[at + i] !== move.captures[i] - 1) return false;
  return true;
}

export function toMove(list: MoveList, m: number): Move {
  const at = m * MAX_CHAIN;
  const ncap = list.ncap[m];
  const path = [list.from[m] + 1];
  const captures: number[] = [];
  for (let i = 0; i < ncap; i++) {
    captures.push(list.caps[at + i] + 1);
    path.push(list.lands[at + i] + 1);
  }
  if (ncap === 0) path.push(list.to[m] + 1);
  return {
    from: list.from[m] + 1,
    to: list.to[m] + 1,
    path,
    captures,
    promoted: list.promote[m] === 1,
  };
}
