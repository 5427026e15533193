/**
 * The solution of a candidate: from the position after the opponent's mistake, the solver's
 * best move at each turn (unique by a clear margin, multiPv 2), the opponent's best reply
 * (forced replies played at once), until the gain is realised and no capture is pending; then
 * the same line re-verified at four times the node budget.
 */
import { Engine, type PvLine, type Score } from '../engine/index.js';
import {
  advance,
  moveToText,
  opponent,
  outcome,
  startProgress,
  type Color,
  type Move,
  type Position,
  type Progress,
} from '../rules/index.js';
import { CRITERIA, isWin, material, scoreValue } from './criteria.js';

/**
 * The hand evaluation: the puzzle sets were solved and verified with it, and the learned one
 * (international, flying-king 8x8) scores on its own scale (a spanish puzzle is no longer unique
 * by CRITERIA.uniqueBy with it). Re-verify the sets before solving with it.
 */
const EVAL = 'hand';

export type Rejection =
  'forced' | 'ambiguous' | 'lost-edge' | 'no-gain' | 'short' | 'all-forced' | 'reverify';

export interface Solution {
  /** moves[0] the mistake, then the line, each as moveToText in its position. */
  readonly moves: string[];
  readonly accepted: [number, string][];
  readonly depth: number;
}

export type Solved = { ok: true; solution: Solution } | { ok: false; reason: Rejection };

/** A solver turn judged: the one best move (and another that also wins, if any). */
type Turn =
  | { kind: 'move'; move: Move; text: string; alt: string | null; depth: number; forced: boolean }
  | { kind: 'reject'; reason: Rejection };

/** Root moves by their text: two routes of one capture (same from, to and captured set) are one. */
function distinctTexts(pos: Position): Map<string, Move> {
  const out = new Map<string, Move>();
  for (const m of pos.legalMoves()) {
    const t = moveToText(pos, m);
    if (!out.has(t)) out.set(t, m);
  }
  return out;
}

/**
 * The best line and the best line of ANOTHER move (by text), asking for more lines when the
 * engine's first two are one move by two routes.
 */
function bestTwo(
  engine: Engine,
  game: Progress,
  nodes: number,
): { best: PvLine; second: PvLine | null; depth: number } {
  const pos = game.position;
  for (let multiPv = 2; ; multiPv++) {
    const r = engine.search(game, { nodes }, { multiPv, evalKind: EVAL });
    const lines = r.lines ?? [];
    const text = moveToText(pos, lines[0].move);
    const second = lines.slice(1).find((l) => moveToText(pos, l.move) !== text) ?? null;
    if (second !== null || lines.length < multiPv || multiPv === 5)
      return { best: lines[0], second, depth: r.depth };
  }
}

/** Judges a solver turn at `nodes`. */
export function judgeTurn(engine: Engine, game: Progress, nodes: number): Turn {
  const pos = game.position;
  const texts = distinctTexts(pos);
  if (texts.size === 1) {
    const [[text, move]] = [...texts];
    return { kind: 'move', move, text, alt: null, depth: 0, forced: true };
  }
  const { best, second, depth } = bestTwo(engine, game, nodes);
  const text = moveToText(pos, best.move);
  if (scoreValue(best.score) < CRITERIA.winning) return { kind: 'reject', reason: 'lost-edge' };
  if (second === null)
    return { kind: 'move', move: best.move, text, alt: null, depth, forced: false };
  const alt = moveToText(pos, second.move);
  if (isWin(best.score) && isWin(second.score))
    return { kind: 'move', move: best.move, text, alt, depth, forced: false };
  if (scoreValue(best.score) - scoreValue(second.score) < CRITERIA.uniqueBy)
    return { kind: 'reject', reason: 'ambiguous' };
  return { kind: 'move', move: best.move, text, alt: null, depth, forced: false };
}

const solverWon = (g: Progress, solver: Color): boolean => outcome(g)?.winner === solver;

/** The line realises the gain here: the game won, or material up with no capture pending. */
function realised(g: Progress, solver: Color, base: number): boolean {
  if (solverWon(g, solver)) return true;
  if (outcome(g) !== null) return false;
  return material(g.position, solver) - base >= CRITERIA.gain && !g.position.hasCapture;
}

/** The first pass at `nodes`: the line itself. */
function findLine(engine: Engine, before: Position, mistake: Move, nodes: number): Solved {
  const solver = opponent(before.turn);
  const base = material(before, solver);
  const moves = [moveToText(before, mistake)];
  let g = startProgress(before.play(mistake));
  let solverMoves = 0;
  let forcedMoves = 0;
  for (;;) {
    const turn = judgeTurn(engine, g, nodes);
    if (turn.kind === 'reject') return { ok: false, reason: turn.reason };
    if (solverMoves === 0 && turn.forced) return { ok: false, reason: 'forced' };
    moves.push(turn.text);
    solverMoves++;
    if (turn.forced) forcedMoves++;
    g = advance(g, turn.move);
    if (realised(g, solver, base)) break;
    if (outcome(g) !== null || solverMoves >= CRITERIA.maxSolverMoves)
      return { ok: false, reason: 'no-gain' };
    // The opponent's best reply; a forced one is played at once.
    const legal = g.position.legalMoves();
    const reply =
      legal.length === 1 ? legal[0] : engine.search(g, { nodes }, { evalKind: EVAL }).bestMove;
    if (reply === null) return { ok: false, reason: 'no-gain' };
    moves.push(moveToText(g.position, reply));
    g = advance(g, reply);
    if (outcome(g) !== null) return { ok: false, reason: 'no-gain' };
  }
  if (solverMoves < CRITERIA.minSolverMoves) return { ok: false, reason: 'short' };
  if (forcedMoves === solverMoves) return { ok: false, reason: 'all-forced' };
  return { ok: true, solution: { moves, accepted: [], depth: 0 } };
}

/**
 * The line walked again at `nodes`: each solver move must still be the one best move (an
 * alternative that also wins is recorded, not refused). Returns the accepted alternatives and
 * the first solver turn's depth, or null when the line does not hold.
 */
export function verifyLine(
  engine: Engine,
  before: Position,
  moves: readonly string[],
  nodes: number,
): { accepted: [number, string][]; depth: number } | null {
  const mistake = before.legalMoves().find((m) => moveToText(before, m) === moves[0]);
  if (!mistake) return null;
  let g = startProgress(before.play(mistake));
  const accepted: [number, string][] = [];
  let depth = 0;
  for (let i = 1; i < moves.length; i++) {
    const pos = g.position;
    const move = pos.legalMoves().find((m) => moveToText(pos, m) === moves[i]);
    if (!move) return null;
    if (i % 2 === 1) {
      const turn = judgeTurn(engine, g, nodes);
      if (turn.kind === 'reject' || turn.text !== moves[i]) return null;
      if (turn.alt !== null) accepted.push([i, turn.alt]);
      if (i === 1) depth = turn.depth;
    }
    g = advance(g, move);
  }
  return { accepted, depth };
}

/**
 * The puzzle that `mistake` (played from `before`) gives the other side, if any: the line found
 * at `nodes`, then re-verified at CRITERIA.reverify times that by `verifier`. A fresh engine
 * there (freshVerifier) makes the verdict reproducible: a search cut by a node count depends on
 * what its table and move history already hold, so a check run later (the shipped set's test,
 * bench:puzzles) gets the same answer only from the same empty start.
 */
export function solve(
  engine: Engine,
  before: Position,
  mistake: Move,
  nodes: number,
  verifier: Engine = engine,
): Solved {
  const found = findLine(engine, before, mistake, nodes);
  if (!found.ok) return found;
  const checked = verifyLine(verifier, before, found.solution.moves, nodes * CRITERIA.reverify);
  if (checked === null) return { ok: false, reason: 'reverify' };
  return { ok: true, solution: { moves: found.solution.moves, ...checked } };
}

/** The engine a verification starts from: empty table and history, 4 MB (enough for 4x budgets). */
export const freshVerifier = (before: Position): Engine => new Engine(before.variant, 4);

export type { Score };
