/**
 * Numeric move notation: `32-28` (quiet), `19x10` (capture), and the full path `26x17x8` only
 * when from and to alone are ambiguous in the position.
 */
import { err, type RulesResult } from './errors.js';
import type { Position } from './position.js';
import type { Move } from './types.js';

export function moveToText(pos: Position, move: Move): string {
  if (move.captures.length === 0) return `${move.from}-${move.to}`;
  const twins = pos.legalMoves().filter((m) => m.from === move.from && m.to === move.to);
  return twins.length > 1 ? move.path.join('x') : `${move.from}x${move.to}`;
}

const MOVE_TEXT = /^(\d{1,2})((?:[-x:]\d{1,2})+)[!?*+]*$/;

/** Reads `32-28`, `19x10`, `26x17x8` (annotation marks allowed) as a legal move of `pos`. */
export function parseMoveText(pos: Position, text: string): RulesResult<Move> {
  const t = typeof text === 'string' ? text.trim() : '';
  const m = MOVE_TEXT.exec(t);
  if (!m)
    return err(
      'INVALID_MOVE_TEXT',
      `"${String(text).slice(0, 40)}" is not a move like 32-28 or 19x10`,
    );
  const squares = [Number(m[1]), ...m[2].slice(1).split(/[-x:]/).map(Number)];
  return pos.findMove(
    squares.length === 2 ? { from: squares[0], to: squares[1] } : { path: squares },
  );
}
