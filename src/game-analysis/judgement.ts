/**
 * PURE: how a game's positions are judged once the engine has scored each (docs/ENGINE.md,
 * "Game analysis"). Scores become White's winning chances in [-1, 1]; a move is marked by how
 * much it lowered its mover's chances, against what the position offered (the engine's score
 * before the move, its best move's worth).
 */
import type { EngineScore, Judgement, WhiteEval } from '../common/protocol.js';
import type { Color } from '../rules/index.js';

/** Drops in the mover's winning chances (on [-1, 1]) that mark a move; lichess's values. */
export const THRESHOLDS: readonly [Judgement, number][] = [
  ['blunder', 0.3],
  ['mistake', 0.2],
  ['inaccuracy', 0.1],
];

/**
 * Centi-men to winning chances: 2 / (1 + e^(-k cp)) - 1. k as lichess's for chess pawns: a man
 * up (+100) is +0.18, two men +0.35, four +0.63; draughts converts material at least as surely.
 */
const K = 0.00368208;

export function whiteEval(score: EngineScore, toMove: Color): WhiteEval {
  const sign = toMove === 'white' ? 1 : -1;
  if ('cp' in score) return { cp: sign * score.cp };
  if ('win' in score) return { mate: sign * Math.max(1, score.win) };
  return { mate: -sign * Math.max(1, score.loss) };
}

/** White's winning chances in [-1, 1]. */
export function winChance(e: WhiteEval): number {
  if ('mate' in e) return e.mate > 0 ? 1 : -1;
  const cp = Math.max(-2000, Math.min(2000, e.cp));
  return 2 / (1 + Math.exp(-K * cp)) - 1;
}

/**
 * The mark of a move by `mover` from a position worth `before` to one worth `after` (White's
 * chances), with how much it lost (the mover's chances, never below 0).
 */
export function judge(
  mover: Color,
  before: number,
  after: number,
): { loss: number; judgement: Judgement | null } {
  const sign = mover === 'white' ? 1 : -1;
  const loss = Math.max(0, sign * (before - after));
  const hit = THRESHOLDS.find(([, t]) => loss >= t);
  return { loss: Math.round(loss * 1000) / 1000, judgement: hit ? hit[0] : null };
}
