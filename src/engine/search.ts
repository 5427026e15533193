/**
 * The search: iterative deepening, negamax alpha-beta with principal variation search, on one
 * mutable byte board with the move generator's make/undo (no Position objects inside the tree).
 * Captures are compulsory, so the quiescence search is simply "a position with a capture is
 * never evaluated": its captures are searched on whatever the remaining depth.
 * Draws by repetition and by the variant's counters (src/rules/outcome.ts) score 0, so the
 * engine avoids them when ahead and heads for them when behind.
 */
import { BLACK, KING, WHITE } from '../rules/board.js';
import {
  makeMove,
  MAX_CHAIN,
  MoveGenerator,
  MoveList,
  toBits,
  undoMove,
} from '../rules/movegen.js';
import { Position, toMove } from '../rules/position.js';
import type { DrawCounters, Progress } from '../rules/outcome.js';
import type { Move } from '../rules/types.js';
import type { EndgameRule, Material, Variant } from '../rules/variants/index.js';
import type { EndgameTables } from './egdb/tables.js';
import { Evaluator, familyOf, type EvalKind } from './evaluate.js';
import { mulberry32, unit } from './random.js';
import { EXACT, LOWER, TranspositionTable, UPPER } from './tt.js';
import { hashBoard, hashRuns, PIECE_INDEX, runIndex, zobristFor, type Zobrist } from './zobrist.js';

/** A won position scores WIN - plies to the win; anything beyond WIN - MAX_PLY is a win. */
export const WIN = 30000;
export const MAX_PLY = 192;
const INF = 32000;
/** A root move this far below the best (centi-men, a man less a little) lets material go. */
const LET_GO_LOSS = 80;
/** Turkish and thai: king-move plies without a capture over which a leaf's score fades to 0. */
const FADE_FROM = 20;
const FADE_TO = 100;
/** Poll the clock every this many nodes (a power of two). */
const POLL = 2048;
/** Late-move reductions: quiet moves ordered after this many are searched shallower first. */
const LMR_FROM = 3;
/** ...and from this many, with this much depth left, two plies shallower. */
const LMR_DEEP_FROM = 6;
const LMR_DEEP_DEPTH = 6;
/** Aspiration: the first window around the last iteration's score (centi-men), from this depth. */
const ASPIRATION = 30;
const ASPIRATION_FROM = 5;
/** Ordering scores from this value up are the TT move, killers and crownings: never reduced. */
const ORDER_SPECIAL = 1 << 27;

export interface SearchLimits {
  /** Milliseconds for the whole search. */
  readonly movetime?: number;
  /** Deepest iteration. */
  readonly depth?: number;
  /** Stop after about this many nodes (depth 1 always completes). */
  readonly nodes?: number;
  /**
   * A flag another thread may raise (any non-zero value at index 0) to stop the search early,
   * e.g. when the game ends while the computer thinks; the last completed iteration's move stands.
   */
  readonly stop?: Int32Array;
  /**
   * Analysis: search on when the root has one legal move (its score is what is asked); a player
   * answers a forced move at once.
   */
  readonly searchForced?: boolean;
}

export interface SearchOptions {
  /** Earlier positions of the game as FENs, oldest first (for repetitions); a Progress has its own. */
  readonly history?: readonly string[];
  readonly evalKind?: EvalKind;
  /** Choose at random among root moves within this many centi-men of the best (levels). */
  readonly randomMargin?: number;
  /**
   * Levels 1-3: the chance (0-1) that the move is instead one the search sees losing at least a
   * man, when there is one: a beginner's oversight, so that people learning can win material.
   */
  readonly letGo?: number;
  readonly seed?: number;
  /** Analysis: the best this many root moves (1-5) with exact scores and their lines. */
  readonly multiPv?: number;
}

/** One of the best root moves (multiPv): its score and its principal variation. */
export interface PvLine {
  readonly move: Move;
  readonly score: Score;
  /** Starts with `move`. */
  readonly pv: Move[];
}

export type Score = { readonly cp: number } | { readonly win: number } | { readonly loss: number };

export interface SearchResult {
  /** Null only when the side to move has no legal move (it has lost). */
  readonly bestMove: Move | null;
  readonly score: Score;
  readonly depth: number;
  readonly nodes: number;
  /** Nodes per second. */
  readonly nps: number;
  readonly ms: number;
  readonly pv: Move[];
  /** With multiPv > 1: the best root moves, best first, distinct (lines[0].move = bestMove). */
  readonly lines?: PvLine[];
}

export function scoreOf(s: number): Score {
  if (s >= WIN - MAX_PLY) return { win: WIN - s };
  if (s <= -WIN + MAX_PLY) return { loss: WIN + s };
  return { cp: s === 0 ? 0 : s }; // never -0
}

const sameMove = (a: Move, b: Move): boolean =>
  a.from === b.from && a.to === b.to && a.captures.join() === b.captures.join();
const isProgress = (x: Position | Progress): x is Progress => !(x instanceof Position);
/** From and to in 7 bits each: 12x12 has 72 squares (fits the table's Int16). */
const moveCode = (from: number, to: number): number => from | (to << 7);
/** History slots per colour: 128 x 128 from/to pairs. */
const HIST = 1 << 14;

/** A searcher for one variant; keep it between moves of a game to reuse its table. */
export class Engine {
  readonly tt: TranspositionTable;
  private readonly gen: MoveGenerator;
  private readonly z: Zobrist;
  private readonly n: number;
  private readonly lists: MoveList[] = [];
  /** Per ply: ordering scores and the permutation that picks moves best first. */
  private readonly order: Int32Array[] = [];
  private readonly perm: Int32Array[] = [];
  private readonly killers = new Int16Array(MAX_PLY * 2).fill(-1);
  /** history[(color - 1) * HIST + from * 128 + to]: cutoffs seen for a quiet move. */
  private readonly history = new Int32Array(2 * HIST);
  private readonly pvFrom = new Int8Array(MAX_PLY * MAX_PLY);
  private readonly pvTo = new Int8Array(MAX_PLY * MAX_PLY);
  private readonly pvCapLo = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvCapHi = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvCapX = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLen = new Int32Array(MAX_PLY + 1);
  /** Keys of the game's positions then of the search path; base = the root's index. */
  private keyLo = new Int32Array(0);
  private keyHi = new Int32Array(0);
  private base = 0;
  /** Per ply: index of the oldest position a repetition may match, and the draw counters. */
  private readonly since = new Int32Array(MAX_PLY + 1);
  private readonly kingPlies = new Int32Array(MAX_PLY + 1);
  private readonly endPlies = new Int32Array(MAX_PLY + 1);
  private readonly endRules = new Map<number, EndgameRule | null>();
  /** Piece counts by PIECE_INDEX: white men, white kings, black men, black kings. */
  private readonly count = new Int32Array(4);
  private readonly hashTmp = new Int32Array(2);

  private board = new Int8Array(0);
  private bb: Int32Array | null = null;
  private evaluator: Evaluator;
  private evalKind: EvalKind = 'full';
  /**
   * Reductions, pruning and aspiration (issue 33) go with the full evaluation. The simple one
   * (levels 1-3) keeps the plain search its beginner calibration was measured with (issue 29),
   * and so does 'hand' (engine-baseline's evaluation and search: the puzzle sets were solved
   * and verified with it).
   */
  private pruning = true;
  private nodes = 0;
  private maxNodes = Infinity;
  private deadline = Infinity;
  private stopFlag: Int32Array | null = null;
  private stopped = false;
  private canStop = false;
  private margin = 0;
  private rootScore = new Int32Array(256);
  /** multiPv: how many root moves need exact scores, and each root move's line (move codes). */
  private multiPv = 1;
  private rootPv: number[][] = [];
  private marginLow = -INF;
  private rootN = 0;
  private rootDepth = 1;
  /** The variant's draw rules, read at every node. */
  private readonly kingOnlyLimit: number;
  private readonly hasEndgames: boolean;
  private rootLow = -INF;
  /** The score sign of having no legal move: -1 a loss, +1 antidraughts' win (goal 'lose'). */
  private readonly stuckSign: number;
  /** Frisian: quiet moves in a row one king may make while its side has men (0 = no limit). */
  private readonly kingLimit: number;
  /** Leaves fade towards 0 in long king endings (leaf()). */
  private readonly fades: boolean;
  /** Per ply and side (white 0, black 1): the square of a king on a run of quiet moves, or -1... */
  private readonly runSq = new Int8Array((MAX_PLY + 1) * 2).fill(-1);
  /** ...and how many moves long that run is. */
  private readonly runN = new Int8Array((MAX_PLY + 1) * 2);
  /** Endgame databases (src/engine/egdb/): exact results in the endings they hold. */
  private tables: EndgameTables | null = null;

  constructor(
    readonly variant: Variant,
    ttMegabytes = 16,
  ) {
    this.gen = new MoveGenerator(variant);
    this.z = zobristFor(variant.geometry.squares);
    this.n = variant.geometry.squares;
    this.tt = new TranspositionTable(ttMegabytes);
    this.evaluator = new Evaluator(variant, 'full');
    this.kingOnlyLimit = variant.draw.kingOnlyPlies;
    this.hasEndgames = variant.draw.endgames.length > 0;
    this.stuckSign = variant.goal === 'lose' ? 1 : -1;
    this.kingLimit = variant.kingMoveLimit;
    const family = familyOf(variant);
    this.fades = family === 'turkish' || family === 'thai';
    for (let i = 0; i <= MAX_PLY; i++) {
      this.lists.push(new MoveList(64));
      this.order.push(new Int32Array(256));
      this.perm.push(new Int32Array(256));
    }
  }

  /** Probes these endgame databases below the root from now on (null: none). */
  useTables(tables: EndgameTables | null): void {
    this.tables = tables !== null && tables.variant.id === this.variant.id ? tables : null;
  }

  /** Searches a position (or a game, with its draw counters and history) within `limits`. */
  search(
    input: Position | Progress,
    limits: SearchLimits = {},
    options: SearchOptions = {},
  ): SearchResult {
    const t0 = performance.now();
    const pos = isProgress(input) ? input.position : input;
    if (pos.variant.id !== this.variant.id) throw new Error('engine built for another variant');
    const counters: DrawCounters | null = isProgress(input) ? input.counters : null;
    this.setup(pos, counters, options);
    this.nodes = 0;
    this.stopped = false;
    this.maxNodes = limits.nodes ?? Infinity;
    this.stopFlag = limits.stop ?? null;
    this.deadline = limits.movetime !== undefined ? t0 + limits.movetime : Infinity;
    this.margin = options.randomMargin ?? 0;
    this.multiPv = Math.max(1, Math.min(5, Math.floor(options.multiPv ?? 1)));
    this.tt.nextSearch();
    this.killers.fill(-1);
    for (let i = 0; i < this.history.length; i++) this.history[i] >>= 3;

    const color = pos.turn === 'white' ? WHITE : BLACK;
    const rootList = this.lists[0];
    const rootCount = this.moves(color, rootList, this.frozen(color, 0), true);
    if (rootCount === 0) return this.result(null, this.stuckSign * WIN, 0, [], t0);
    if (this.rootScore.length < rootCount) this.rootScore = new Int32Array(2 * rootCount);
    const rootMoves: Move[] = [];
    for (let m = 0; m < rootCount; m++) rootMoves.push(toMove(rootList, m));

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 64, MAX_PLY - 64);
    let best: Move = rootMoves[0];
    let bestScore = 0;
    let depthDone = 0;
    let pv: Move[] = [best];
    let candidates: number[] = [];
    let losers: number[] = [];
    let lines: PvLine[] | undefined;
    this.rootN = rootCount;
    if (this.multiPv > 1) this.rootPv = Array.from({ length: rootCount }, () => []);
    for (let depth = 1; depth <= maxDepth; depth++) {
      this.canStop = depth > 1;
      if (this.canStop && this.stopFlag !== null && Atomics.load(this.stopFlag, 0) !== 0) break;
      this.rootDepth = depth;
      this.rootLow = -INF;
      this.marginLow = -INF;
      this.rootScore.fill(-INF, 0, rootCount);
      const s = this.rootSearch(color, depth, bestScore);
      if (this.stopped) break;
      depthDone = depth;
      bestScore = s;
      const line = this.pvMoves(pos);
      // The root's PV always has its first move; keep the last good one if it ever has not.
      if (line.length > 0) {
        pv = line;
        best = line[0];
      }
      if (this.multiPv > 1) lines = this.rootLines(pos, rootMoves, rootCount, best);
      if (this.margin > 0) {
        candidates = [];
        for (let m = 0; m < rootCount; m++)
          if (this.rootScore[m] > s - this.margin) candidates.push(m);
        // Scores below the margin are upper bounds: each of these loses a man at least.
        losers = [];
        for (let m = 0; m < rootCount; m++)
          if (this.rootScore[m] <= s - LET_GO_LOSS && this.rootScore[m] > -INF) losers.push(m);
      }
      // A proven result, one legal move, or no time for another iteration: stop here.
      if (Math.abs(s) >= WIN - MAX_PLY && depth >= WIN - Math.abs(s)) break;
      if (rootCount === 1 && limits.depth === undefined && !limits.searchForced) break;
      if (this.deadline !== Infinity && performance.now() - t0 > (this.deadline - t0) * 0.55) break;
    }
    const rng = mulberry32(options.seed ?? Date.now());
    // Drawn only when there is a move to let go: otherwise the choice is as without it.
    const chance = options.letGo ?? 0;
    const lettingGo = this.margin > 0 && losers.length > 0 && chance > 0 && unit(rng) < chance;
    if (lettingGo) {
      const m = losers[Math.floor(unit(rng) * losers.length)];
      best = rootMoves[m];
      bestScore = this.rootScore[m];
      pv = [best];
    } else if (this.margin > 0 && candidates.length > 1) {
      const m = candidates[Math.floor(unit(rng) * candidates.length)];
      if (rootMoves[m] !== best && !sameMove(rootMoves[m], best)) {
        best = rootMoves[m];
        bestScore = this.rootScore[m];
        pv = [best];
      }
    }
    const r = this.result(best, bestScore, depthDone, pv, t0);
    return lines ? { ...r, lines } : r;
  }

  /**
   * One iteration at the root. From ASPIRATION_FROM on (one best move, no level's margin), the
   * window starts narrow around the last score and widens on a fail (4x each time, then open):
   * most iterations' scores move little, and a narrow window cuts more.
   */
  private rootSearch(color: number, depth: number, last: number): number {
    const exact = this.margin > 0 || this.multiPv > 1;
    if (exact || !this.pruning || depth < ASPIRATION_FROM || Math.abs(last) >= WIN - MAX_PLY)
      return this.negamax(color, depth, -INF, INF, 0);
    let delta = ASPIRATION;
    let low = last - delta;
    let high = last + delta;
    for (;;) {
      const s = this.negamax(color, depth, low, high, 0);
      if (this.stopped) return s;
      if (s > low && s < high) return s;
      delta *= 4;
      if (s <= low) low = delta > 1000 ? -INF : Math.max(-INF, s - delta);
      else high = delta > 1000 ? INF : Math.min(INF, s + delta);
    }
  }

  /** The best multiPv root moves of the last iteration, best first, each with its line. */
  private rootLines(root: Position, moves: Move[], n: number, best: Move): PvLine[] {
    const order = Array.from({ length: n }, (_, m) => m).sort(
      (a, b) => this.rootScore[b] - this.rootScore[a],
    );
    // The PV's move leads even when another ties with it.
    const first = order.findIndex((m) => sameMove(moves[m], best));
    if (first > 0) order.unshift(...order.splice(first, 1));
    return order.slice(0, Math.min(this.multiPv, n)).map((m) => {
      const after = root.play(moves[m]);
      return {
        move: moves[m],
        score: scoreOf(this.rootScore[m]),
        pv: [moves[m], ...this.replay(after, this.rootPv[m] ?? [])],
      };
    });
  }

  private result(
    best: Move | null,
    score: number,
    depth: number,
    pv: Move[],
    t0: number,
  ): SearchResult {
    const ms = performance.now() - t0;
    return {
      bestMove: best,
      score: scoreOf(score),
      depth,
      nodes: this.nodes,
      nps: ms > 0 ? Math.round((this.nodes * 1000) / ms) : 0,
      ms,
      pv,
    };
  }

  /** Loads the root position, its key history and draw counters. */
  private setup(pos: Position, counters: DrawCounters | null, options: SearchOptions): void {
    if (this.evalKind !== (options.evalKind ?? 'full')) {
      this.evalKind = options.evalKind ?? 'full';
      this.evaluator = new Evaluator(this.variant, this.evalKind);
      this.pruning = this.evalKind === 'full';
      // Scores of another evaluation (and search) must not cut this one's: the server's worker
      // keeps one engine per variant for every level and the analysis.
      this.tt.clear();
    }
    this.board = Int8Array.from(pos.board);
    this.bb = this.n <= 32 ? toBits(this.board) : null;
    this.count.fill(0);
    for (const v of this.board) if (v !== 0) this.count[PIECE_INDEX[v]]++;
    // Earlier positions: the game's (since its last irreversible move) or the caller's FENs.
    const fens = counters !== null ? counters.seen.slice(0, -1) : (options.history ?? []);
    const keys: number[] = [];
    for (const fen of fens) {
      const p = Position.fromFen(this.variant, fen);
      if (!p.ok) continue;
      hashBoard(this.z, p.value.board, p.value.turn === 'white' ? WHITE : BLACK, this.hashTmp);
      if (this.kingLimit > 0) hashRuns(this.z, p.value.kingRuns, this.hashTmp);
      keys.push(this.hashTmp[0], this.hashTmp[1]);
    }
    const past = keys.length / 2;
    const size = past + MAX_PLY + 2;
    if (this.keyLo.length < size) {
      this.keyLo = new Int32Array(size);
      this.keyHi = new Int32Array(size);
    }
    for (let i = 0; i < past; i++) {
      this.keyLo[i] = keys[2 * i];
      this.keyHi[i] = keys[2 * i + 1];
    }
    this.base = past;
    hashBoard(this.z, this.board, pos.turn === 'white' ? WHITE : BLACK, this.hashTmp);
    if (this.kingLimit > 0) {
      hashRuns(this.z, pos.kingRuns, this.hashTmp);
      const w = pos.kingRuns.white;
      const b = pos.kingRuns.black;
      this.runSq[0] = w === null ? -1 : w.square - 1;
      this.runN[0] = w === null ? 0 : w.moves;
      this.runSq[1] = b === null ? -1 : b.square - 1;
      this.runN[1] = b === null ? 0 : b.moves;
    }
    this.keyLo[past] = this.hashTmp[0];
    this.keyHi[past] = this.hashTmp[1];
    this.since[0] = 0;
    this.kingPlies[0] = counters?.kingOnlyPlies ?? 0;
    this.endPlies[0] = counters?.endgamePlies ?? 0;
  }

  /**
   * Frisian: the king of `color` that has made its quiet moves in a row at this ply and may only
   * capture (Position.frozenKing), as an index; -1 when there is none.
   */
  private frozen(color: number, ply: number): number {
    if (this.kingLimit === 0) return -1;
    const side = color === WHITE ? 0 : 1;
    const i = ply * 2 + side;
    if (this.runSq[i] < 0 || this.runN[i] < this.kingLimit) return -1;
    // PIECE_INDEX: white men 0, black men 2.
    return this.count[side * 2] > 0 ? this.runSq[i] : -1;
  }

  /**
   * The legal moves into `list` (with !store, as the generator's count(): only captures listed).
   * With a barred king the list is always stored in full (rare: frisian only).
   */
  private moves(color: number, list: MoveList, frozen: number, store: boolean): number {
    if (frozen >= 0) return this.gen.generateWith(this.board, color, list, frozen);
    return store
      ? this.gen.generate(this.board, color, list, this.bb)
      : this.gen.count(this.board, color, list, this.bb);
  }

  /** Frisian: each side's king run after move m (already made) at `ply`, and the key with them. */
  private makeRuns(list: MoveList, m: number, ply: number): void {
    const z = this.z;
    const at = this.base + ply + 1;
    let lo = this.keyLo[at];
    let hi = this.keyHi[at];
    const a = ply * 2;
    const b = a + 2;
    for (let side = 0; side < 2; side++) {
      if (this.runSq[a + side] < 0) continue;
      const i = runIndex(z, side, this.runSq[a + side], this.runN[a + side]);
      lo ^= z.runLo[i];
      hi ^= z.runHi[i];
    }
    const piece = list.piece[m];
    const me = (piece & WHITE) !== 0 ? 0 : 1;
    const them = 1 - me;
    const c = this.count;
    // As Position.runsAfter: a king's quiet move extends its run (or starts one); any other
    // move ends the mover's; a side without men has none; theirs lasts while its king stands.
    if ((piece & KING) !== 0 && list.ncap[m] === 0 && c[me * 2] > 0) {
      const from = list.from[m];
      this.runSq[b + me] = list.to[m];
      this.runN[b + me] = this.runSq[a + me] === from ? this.runN[a + me] + 1 : 1;
    } else {
      this.runSq[b + me] = -1;
      this.runN[b + me] = 0;
    }
    const theirs = this.runSq[a + them];
    const theirKing = (them === 0 ? WHITE : BLACK) | KING;
    if (theirs >= 0 && c[them * 2] > 0 && this.board[theirs] === theirKing) {
      this.runSq[b + them] = theirs;
      this.runN[b + them] = this.runN[a + them];
    } else {
      this.runSq[b + them] = -1;
      this.runN[b + them] = 0;
    }
    for (let side = 0; side < 2; side++) {
      if (this.runSq[b + side] < 0) continue;
      const i = runIndex(z, side, this.runSq[b + side], this.runN[b + side]);
      lo ^= z.runLo[i];
      hi ^= z.runHi[i];
    }
    this.keyLo[at] = lo;
    this.keyHi[at] = hi;
  }

  private poll(): void {
    if (!this.canStop) return;
    if (this.nodes >= this.maxNodes || performance.now() >= this.deadline) this.stopped = true;
    else if (this.stopFlag !== null && Atomics.load(this.stopFlag, 0) !== 0) this.stopped = true;
  }

  /** A draw by the variant's rules at this ply (repetition, king moves, endgame counts). */
  private isDraw(ply: number): boolean {
    const at = this.base + ply;
    const lo = this.keyLo[at];
    const hi = this.keyHi[at];
    // Step 1, not 2: callers' histories need not alternate sides (keys include the side).
    for (let i = at - 1; i >= this.since[ply]; i--)
      if (this.keyLo[i] === lo && this.keyHi[i] === hi) return true;
    if (this.kingOnlyLimit > 0 && this.kingPlies[ply] >= this.kingOnlyLimit) return true;
    if (this.hasEndgames) {
      const c = this.count;
      if (c[0] + c[1] + c[2] + c[3] <= 7) {
        const rule = this.endgameRule(c[0], c[1], c[2], c[3]);
        if (rule !== null && this.endPlies[ply] >= rule.plies) return true;
      }
    }
    return false;
  }

  private endgameRule(wm: number, wk: number, bm: number, bk: number): EndgameRule | null {
    const sig = wm | (wk << 5) | (bm << 10) | (bk << 15);
    let rule = this.endRules.get(sig);
    if (rule === undefined) {
      const w: Material = { men: wm, kings: wk };
      const b: Material = { men: bm, kings: bk };
      rule = this.variant.draw.endgames.find((e) => e.applies(w, b) || e.applies(b, w)) ?? null;
      this.endRules.set(sig, rule);
    }
    return rule;
  }

  /** Plays move m of the list at `ply`: board, bitboards, key, counts and draw counters. */
  private make(list: MoveList, m: number, ply: number): void {
    const z = this.z;
    const n = this.n;
    const from = list.from[m];
    const to = list.to[m];
    const piece = list.piece[m];
    const crowned = list.promote[m] === 1 ? piece | KING : piece;
    const pi = PIECE_INDEX[piece];
    const ci = PIECE_INDEX[crowned];
    const at = this.base + ply;
    let lo = this.keyLo[at] ^ z.sideLo ^ z.lo[pi * n + from] ^ z.lo[ci * n + to];
    let hi = this.keyHi[at] ^ z.sideHi ^ z.hi[pi * n + from] ^ z.hi[ci * n + to];
    const c = this.count;
    c[pi]--;
    c[ci]++;
    const ncap = list.ncap[m];
    const base = m * MAX_CHAIN;
    for (let i = 0; i < ncap; i++) {
      const k = PIECE_INDEX[list.capv[base + i]];
      const sq = list.caps[base + i];
      lo ^= z.lo[k * n + sq];
      hi ^= z.hi[k * n + sq];
      c[k]--;
    }
    this.keyLo[at + 1] = lo;
    this.keyHi[at + 1] = hi;
    const irreversible = ncap > 0 || (piece & KING) === 0;
    this.since[ply + 1] = irreversible ? at + 1 : this.since[ply];
    this.kingPlies[ply + 1] = irreversible ? 0 : this.kingPlies[ply] + 1;
    this.endPlies[ply + 1] = ncap > 0 || crowned !== piece ? 0 : this.endPlies[ply] + 1;
    makeMove(this.board, list, m, this.bb);
    if (this.kingLimit > 0) this.makeRuns(list, m, ply);
  }

  private unmake(list: MoveList, m: number): void {
    const piece = list.piece[m];
    const c = this.count;
    c[PIECE_INDEX[piece]]++;
    c[PIECE_INDEX[list.promote[m] === 1 ? piece | KING : piece]]--;
    const base = m * MAX_CHAIN;
    for (let i = 0, k = list.ncap[m]; i < k; i++) c[PIECE_INDEX[list.capv[base + i]]]++;
    undoMove(this.board, list, m, this.bb);
  }

  /**
   * The static score of a quiet leaf. Turkish and thai, whose only draw rule for a long ending
   * is repetition, fade it to 0 over plies of king moves without a capture (FADE_FROM to
   * FADE_TO): an ending the search cannot win is then let go to a repetition, not circled for
   * ever (self-play games were capped at 600 plies in 2K v 1K).
   */
  private leaf(color: number, ply: number): number {
    const s = this.evaluator.evaluate(this.board, color);
    if (!this.fades) return s;
    const k = this.kingPlies[ply];
    if (k <= FADE_FROM) return s;
    if (k >= FADE_TO) return 0;
    return Math.trunc((s * (FADE_TO - k)) / (FADE_TO - FADE_FROM));
  }

  private negamax(color: number, depth: number, alpha: number, beta: number, ply: number): number {
    this.pvLen[ply] = ply;
    if (this.stopped) return 0;
    this.nodes++;
    if ((this.nodes & (POLL - 1)) === 0 || this.nodes >= this.maxNodes) this.poll();
    const list = this.lists[ply];
    const frozen = this.kingLimit > 0 ? this.frozen(color, ply) : -1;
    // A draw by rule, unless the side to move has no move at all (that result comes first).
    if (ply > 0 && this.isDraw(ply))
      return this.moves(color, list, frozen, false) === 0 ? this.stuckSign * (WIN - ply) : 0;
    if (ply > 0 && this.tables !== null) {
      // Endgame databases: v = 0 a draw, d + 1 a result in d plies (odd d: a win; egdb/values.ts).
      const c = this.count;
      const v = this.tables.probe(this.board, color, c[0], c[1], c[2], c[3]);
      if (v >= 0) {
        const d = v - 1;
        // A counting rule that ends the game before then makes it a draw. Only a capture resets
        // the king-move count of kings alone, and a capture or a crowning the endgame's.
        let room = Infinity;
        if (this.kingOnlyLimit > 0 && c[0] + c[2] === 0)
          room = this.kingOnlyLimit - this.kingPlies[ply];
        const rule = this.hasEndgames ? this.endgameRule(c[0], c[1], c[2], c[3]) : null;
        if (rule !== null) room = Math.min(room, rule.plies - this.endPlies[ply]);
        if (v === 0 || d > room) return 0;
        // Beyond the mate scores' range: won, its distance untold.
        const s = ply + d < MAX_PLY ? WIN - ply - d : WIN - MAX_PLY - 1;
        return (d & 1) === 1 ? s : -s;
      }
    }
    if (ply >= MAX_PLY - 1) return this.leaf(color, ply);

    const at = this.base + ply;
    const keyLo = this.keyLo[at];
    const keyHi = this.keyHi[at];
    const tt = this.tt;
    let ttMove = -1;
    let n: number;
    if (depth > 0) {
      // The table first: a cutoff here saves generating the moves.
      const e = tt.probe(keyLo, keyHi);
      if (e >= 0) {
        ttMove = tt.move[e];
        if (ply > 0 && tt.depth[e] >= depth && beta - alpha === 1) {
          let s = tt.score[e];
          if (s >= WIN - MAX_PLY) s -= ply;
          else if (s <= -WIN + MAX_PLY) s += ply;
          const f = tt.flag[e];
          if (f === EXACT || (f === LOWER && s >= beta) || (f === UPPER && s <= alpha)) return s;
        }
      }
      n = this.moves(color, list, frozen, true);
      if (n === 0) return this.stuckSign * (WIN - ply);
    } else {
      // Quiescence: count only; the list then holds the captures, if there are any (or,
      // with a barred king, every move: then captures only if its first one is one).
      const all = this.moves(color, list, frozen, false);
      if (all === 0) return this.stuckSign * (WIN - ply);
      n = list.count;
      if (n === 0 || list.ncap[0] === 0) return this.leaf(color, ply);
    }
    const capture = list.ncap[0] > 0;

    // Ordering scores: TT move, the longest captures and crownings, killers, then history.
    if (n > this.order[ply].length) {
      this.order[ply] = new Int32Array(2 * n);
      this.perm[ply] = new Int32Array(2 * n);
    }
    const order = this.order[ply];
    const perm = this.perm[ply];
    const k0 = this.killers[ply * 2];
    const k1 = this.killers[ply * 2 + 1];
    const hist = (color - 1) * HIST;
    for (let m = 0; m < n; m++) {
      const code = moveCode(list.from[m], list.to[m]);
      let s: number;
      if (code === ttMove) s = 1 << 30;
      else if (capture) s = list.ncap[m] * 1000 + list.promote[m] * 500;
      else if (code === k0) s = 1 << 28;
      else if (code === k1) s = (1 << 28) - 1;
      else s = list.promote[m] * (1 << 27) + this.history[hist + list.from[m] * 128 + list.to[m]];
      order[m] = s;
      perm[m] = m;
    }

    const next = color === WHITE ? BLACK : WHITE;
    // A single legal reply is forced: searching it one ply deeper costs almost nothing.
    const childDepth = n === 1 && depth > 0 && ply < 2 * this.rootDepth ? depth : depth - 1;
    const alpha0 = alpha;
    let best = -INF;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      // Selection sort step: the best-ordered remaining move (the list itself stays in
      // generation order, so the root's indices match its Move objects).
      let j = i;
      let top = order[i];
      for (let k = i + 1; k < n; k++) {
        if (order[k] > top) {
          top = order[k];
          j = k;
        }
      }
      const m = perm[j];
      order[j] = order[i];
      perm[j] = perm[i];
      this.make(list, m, ply);
      let s: number;
      if (ply === 0 && (this.margin > 0 || this.multiPv > 1)) {
        // Levels: every root move near the best gets an exact score; analysis: the best
        // multiPv moves do. A move must beat rootLow to be one of them.
        const low = Math.max(this.rootLow, alpha0);
        s = -this.negamax(next, childDepth, -beta, -low, ply + 1);
        this.rootScore[m] = s;
        if (s > low && this.multiPv > 1) this.keepRootPv(m);
        this.raiseRootLow(s);
      } else if (i === 0) {
        s = -this.negamax(next, childDepth, -beta, -alpha, ply + 1);
      } else {
        // Late quiet moves (not the TT move, a killer or a crowning) are tried shallower first:
        // good moves come early, so the rest rarely beat alpha; one that does is searched again.
        let r = 0;
        if (
          !capture &&
          this.pruning &&
          ply > 0 &&
          depth >= 3 &&
          i >= LMR_FROM &&
          top < ORDER_SPECIAL
        )
          r = i >= LMR_DEEP_FROM && depth >= LMR_DEEP_DEPTH ? 2 : 1;
        s = -this.negamax(next, childDepth - r, -alpha - 1, -alpha, ply + 1);
        if (r > 0 && s > alpha && !this.stopped)
          s = -this.negamax(next, childDepth, -alpha - 1, -alpha, ply + 1);
        if (s > alpha && s < beta && !this.stopped)
          s = -this.negamax(next, childDepth, -beta, -alpha, ply + 1);
      }
      this.unmake(list, m);
      if (this.stopped) return 0;
      if (s > best) {
        best = s;
        bestMove = m;
        if (s > alpha) {
          alpha = s;
          this.updatePv(list, m, ply);
          if (s >= beta) {
            if (!capture) this.rewardQuiet(list, m, ply, color, depth);
            break;
          }
        }
      }
    }
    if (depth > 0) {
      const flag = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
      let s = best;
      if (s >= WIN - MAX_PLY) s += ply;
      else if (s <= -WIN + MAX_PLY) s -= ply;
      const code = bestMove >= 0 ? moveCode(list.from[bestMove], list.to[bestMove]) : -1;
      tt.store(keyLo, keyHi, depth, flag, s, code);
    }
    return best;
  }

  /** After a root move scored s: the bar the next root moves must clear. */
  private raiseRootLow(s: number): void {
    if (this.margin > 0 && s - this.margin > this.marginLow) this.marginLow = s - this.margin;
    let kth = -INF;
    if (this.multiPv > 1) {
      // The multiPv-th best score so far (-INF until that many moves have one).
      const top: number[] = [];
      for (let m = 0; m < this.rootN; m++)
        if (this.rootScore[m] > -INF) top.push(this.rootScore[m]);
      top.sort((a, b) => b - a);
      if (top.length >= this.multiPv) kth = top[this.multiPv - 1];
    }
    this.rootLow = Math.max(this.marginLow, kth);
  }

  /** Root move m's line below it: the child's row of the triangular PV. */
  private keepRootPv(m: number): void {
    const row = MAX_PLY;
    const line: number[] = [];
    for (let i = 1; i < this.pvLen[1]; i++)
      line.push(
        this.pvFrom[row + i],
        this.pvTo[row + i],
        this.pvCapLo[row + i],
        this.pvCapHi[row + i],
        this.pvCapX[row + i],
      );
    this.rootPv[m] = line;
  }

  private rewardQuiet(list: MoveList, m: number, ply: number, color: number, depth: number): void {
    const code = moveCode(list.from[m], list.to[m]);
    if (this.killers[ply * 2] !== code) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2];
      this.killers[ply * 2] = code;
    }
    const h = (color - 1) * HIST + list.from[m] * 128 + list.to[m];
    this.history[h] = Math.min(this.history[h] + depth * depth, 1 << 26);
  }

  /** Triangular PV: this ply's move followed by the child's line. */
  private updatePv(list: MoveList, m: number, ply: number): void {
    const row = ply * MAX_PLY;
    this.pvFrom[row + ply] = list.from[m];
    this.pvTo[row + ply] = list.to[m];
    this.pvCapLo[row + ply] = list.capLo[m];
    this.pvCapHi[row + ply] = list.capHi[m];
    this.pvCapX[row + ply] = list.capX[m];
    const child = (ply + 1) * MAX_PLY;
    const len = this.pvLen[ply + 1];
    for (let i = ply + 1; i < len; i++) {
      this.pvFrom[row + i] = this.pvFrom[child + i];
      this.pvTo[row + i] = this.pvTo[child + i];
      this.pvCapLo[row + i] = this.pvCapLo[child + i];
      this.pvCapHi[row + i] = this.pvCapHi[child + i];
      this.pvCapX[row + i] = this.pvCapX[child + i];
    }
    this.pvLen[ply] = Math.max(len, ply + 1);
  }

  /** The root's PV as legal moves, replayed on Positions (it stops at the first mismatch). */
  private pvMoves(root: Position): Move[] {
    const codes: number[] = [];
    for (let i = 0; i < this.pvLen[0]; i++)
      codes.push(this.pvFrom[i], this.pvTo[i], this.pvCapLo[i], this.pvCapHi[i], this.pvCapX[i]);
    return this.replay(root, codes);
  }

  /** Moves given as (from, to, capLo, capHi, capX) groups of 5, as legal moves from `start`. */
  private replay(start: Position, codes: readonly number[]): Move[] {
    const out: Move[] = [];
    let pos = start;
    const scratch = new MoveList(64);
    const gen = this.gen;
    for (let i = 0; i + 4 < codes.length; i += 5) {
      // The position's own generation: frisian's king runs bar a king as the rules do.
      const n = legalList(gen, pos, scratch);
      let found = -1;
      for (let m = 0; m < n && found < 0; m++) {
        if (
          scratch.from[m] === codes[i] &&
          scratch.to[m] === codes[i + 1] &&
          scratch.capLo[m] === codes[i + 2] &&
          scratch.capHi[m] === codes[i + 3] &&
          scratch.capX[m] === codes[i + 4]
        )
          found = m;
      }
      if (found < 0) break;
      const mv = toMove(scratch, found);
      out.push(mv);
      pos = pos.play(mv);
    }
    return out;
  }
}

/** One search with a fresh engine (a small table); games should keep an Engine instead. */
export function search(
  input: Position | Progress,
  limits: SearchLimits = {},
  options: SearchOptions = {},
): SearchResult {
  const pos = isProgress(input) ? input.position : input;
  return new Engine(pos.variant, 8).search(input, limits, options);
}

/** A position's legal moves into `list`, as Position generates them (frisian's barred king too). */
function legalList(gen: MoveGenerator, pos: Position, list: MoveList): number {
  const color = pos.turn === 'white' ? WHITE : BLACK;
  const board = Int8Array.from(pos.board);
  const limit = pos.variant.kingMoveLimit;
  const run = limit > 0 ? pos.kingRuns[pos.turn] : null;
  if (run !== null && run.moves >= limit && pos.count(pos.turn).men > 0)
    return gen.generateWith(board, color, list, run.square - 1);
  return gen.generate(board, color, list);
}
