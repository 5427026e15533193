/**
 * PURE: how a game's engine analysis is said and pointed at: a move by its number in draughts
 * numbering ("18. 32-28", the second mover's "18... 19-23"), the marks ?!, ?, ??, the summary's
 * average loss as percentage points of winning chances, and the ply a point of the graph stands
 * for. No DOM (review-view.ts draws with these).
 */
import type { AnalysedPosition, Judgement } from '../../../../src/common/protocol.js';
import { moveNumber, plyOffset, Position, type VariantId } from '../../../../src/rules/index.js';

export const MARK: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/**
 * "18. 32-28" for ply 35 (the first mover's), "18... 19-23" for ply 36: move number
 * ceil(ply / 2), the first mover's with a dot, the other's with three; `offset` 1 when the game
 * began with the second mover's move (a set-up position: its ply 1 is "1...").
 */
export function moveLabel(ply: number, move: string, offset: 0 | 1 = 0): string {
  return `${moveNumber(ply - 1 + offset)} ${move}`;
}

/** A marked move of the analysis: the ply it leads to (the board shows that), and its label. */
export interface MarkedMove {
  ply: number;
  judgement: Judgement;
  /** "18. 32-28?" */
  label: string;
  best: string | null;
}

/** The marked moves, in the game's order (position p's move leads to ply p + 1). */
export function markedMoves(
  positions: readonly AnalysedPosition[],
  variant: VariantId,
): MarkedMove[] {
  const start = positions.length > 0 ? Position.fromFen(variant, positions[0].fen) : null;
  const offset = start?.ok ? plyOffset(start.value) : 0;
  return positions.flatMap((p) =>
    p.judgement && p.move
      ? [
          {
            ply: p.ply + 1,
            judgement: p.judgement,
            label: `${moveLabel(p.ply + 1, p.move, offset)}${MARK[p.judgement]}`,
            best: p.best,
          },
        ]
      : [],
  );
}

/**
 * A summary's average loss (a drop in the mover's chances on [-1, 1]) as percentage points of
 * winning chances (0-100): 0.064 -> "3.2". Chances of -1..1 are 0..100 %, so one is 50 points.
 */
export const lossPoints = (averageLoss: number): string => (averageLoss * 50).toFixed(1);

/**
 * The position a click at `x` of a graph `width` wide stands for, of `total` positions drawn
 * evenly from 0 to width (the nearest one; the ends beyond clamp).
 */
export function plyAt(x: number, width: number, total: number): number {
  if (total <= 1 || width <= 0) return 0;
  const i = Math.round((x / width) * (total - 1));
  return Math.min(total - 1, Math.max(0, i));
}
