/** Where a game may start: the rules' checks for a set-up position. */
import { err, ok, type RulesResult } from './errors.js';
import { outcome, startProgress } from './outcome.js';
import { Position } from './position.js';
import type { VariantId } from './types.js';
import type { Variant } from './variants/variant.js';

/**
 * A position a game may start from (a challenge's, the computer's, the board editor's): the
 * FEN reads (its own checks) and the game is not already decided, so a side has pieces and the
 * side to move has a move.
 */
export function startPosition(variant: Variant | VariantId, fen: string): RulesResult<Position> {
  const parsed = Position.fromFen(variant, fen);
  if (!parsed.ok) return parsed;
  const pos = parsed.value;
  for (const side of ['white', 'black'] as const) {
    const { men, kings } = pos.count(side);
    if (men + kings === 0)
      return err('INVALID_FEN', `${side} has no pieces: the game would be over`, {
        key: 'noPieces',
        color: side,
      });
  }
  if (outcome(startProgress(pos)) !== null)
    return err('INVALID_FEN', 'the side to move cannot move: the game would be over', {
      key: 'cannotMove',
    });
  return ok(pos);
}
