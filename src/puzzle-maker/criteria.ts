/**
 * The generator's numbers, in one place (docs/PUZZLES.md quotes them), and the pure helpers
 * that apply them: a score as one number, material from one side's view, the candidate trigger.
 */
import type { Score } from '../engine/index.js';
import type { Color, Position, Variant } from '../rules/index.js';

export const CRITERIA = {
  /** Centi-men (100 = a man): the solver's view must rise by this much with the opponent's move. */
  jump: 150,
  /** ...to at least this (a clear material or winning edge)... */
  winning: 150,
  /** ...from at most this before it (not already far ahead). */
  notAhead: 150,
  /** At each solver turn the best move beats the second by this much (centi-men). */
  uniqueBy: 150,
  /** The gain that ends the line: material (man 1, king 3) above that before the mistake. */
  gain: 1,
  /** Solver moves at least, and at most before the line is given up. */
  minSolverMoves: 2,
  maxSolverMoves: 12,
  /** Re-verification multiplies the node budget by this. */
  reverify: 4,
} as const;

/**
 * The default node budgets: the solution search's (re-verified at 4x) and the trigger's per
 * game position. 10x10 and 12x12 boards search fewer nodes a second, and their combinations run
 * deeper, so they get more.
 */
export function defaultBudgets(variant: Variant): { nodes: number; triggerNodes: number } {
  const big = variant.geometry.squares > 32;
  return { nodes: big ? 30_000 : 20_000, triggerNodes: big ? 6_000 : 5_000 };
}

/** A score as one number, a win as 10,000 less its distance (ordering and gaps only). */
export function scoreValue(s: Score): number {
  if ('cp' in s) return s.cp;
  if ('win' in s) return 10_000 - s.win;
  return -10_000 + s.loss;
}

export const isWin = (s: Score): boolean => 'win' in s;

/**
 * Material from `side`'s view: men 1, kings 3. Antidraughts is won by giving pieces away, so
 * there it is the opponent's material less one's own.
 */
export function material(pos: Position, side: Color): number {
  const other: Color = side === 'white' ? 'black' : 'white';
  const a = pos.count(side);
  const b = pos.count(other);
  const diff = a.men + 3 * a.kings - (b.men + 3 * b.kings);
  return pos.variant.goal === 'lose' ? -diff : diff;
}

export interface TriggerInput {
  /** The engine's score before the opponent's move, from the SOLVER's view. */
  readonly before: Score;
  /** The score after it (the solver to move). */
  readonly after: Score;
  /** The solver's legal moves after it. */
  readonly moves: number;
}

/**
 * A candidate, lichess-style: the opponent's move made the solver's chances jump by a large
 * margin, to a clear edge, from a position where it was not already far ahead; and the solver has
 * a choice (a forced capture is not a puzzle).
 */
export function isCandidate(t: TriggerInput): boolean {
  if (t.moves < 2) return false;
  const before = scoreValue(t.before);
  const after = scoreValue(t.after);
  if (isWin(t.before) || before > CRITERIA.notAhead) return false;
  return after >= CRITERIA.winning && after - before >= CRITERIA.jump;
}
