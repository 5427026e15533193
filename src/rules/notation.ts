/**
 * Numeric move notation: `32-28` (quiet), `19x10` (capture), and the full path `26x17x8` only
 * when from and to alone are ambiguous in the position. Reading also takes the alphanumeric
 * notation of Russian and Brazilian books (`c3-d4`, `e3:c5:e7`), a1 at White's bottom left.
 */
import { err, ok, type RulesResult } from './errors.js';
import { squareAt, type Geometry } from './geometry.js';
import type { Position } from './position.js';
import type { Move } from './types.js';

export function moveToText(pos: Position, move: Move): string {
  if (move.captures.length === 0) return `${move.from}-${move.to}`;
  const twins = pos.legalMoves().filter((m) => m.from === move.from && m.to === move.to);
  return twins.length > 1 ? move.path.join('x') : `${move.from}x${move.to}`;
}

/** 1 when a game from `start` opens with the second mover's move (a set-up position), else 0. */
export const plyOffset = (start: Position): 0 | 1 =>
  start.turn === start.variant.firstToMove ? 0 : 1;

/** "3." or "3..." for the move `index` plies after a first mover's move (index 0: "1."). */
export const moveNumber = (index: number): string =>
  `${Math.floor(index / 2) + 1}${index % 2 === 0 ? '.' : '...'}`;

/** A line of moves from `pos`, each as moveToText writes it in the position it is played from. */
export function lineToText(pos: Position, moves: readonly Move[]): string[] {
  const out: string[] = [];
  let p = pos;
  for (const m of moves) {
    out.push(moveToText(p, m));
    p = p.play(m);
  }
  return out;
}

// Files a-l and ranks 1-12: canadian's 12x12 board is the largest.
const SQUARE = '(?:\\d{1,2}|[a-l](?:1[0-2]|[1-9]))';
const MOVE_TEXT = new RegExp(`^(${SQUARE})((?:[-x:]${SQUARE})+)[!?*+]*$`);

/** A square's PDN number from its number or its algebraic name (0: no such playable square). */
const squareNumber = (g: Geometry, name: string): number =>
  /^\d/.test(name) ? Number(name) : squareAt(g, name);

/**
 * The squares a move text names, in order, as PDN numbers: `[26, 17, 8]` for `26x17x8` or its
 * alphanumeric form; an error when it is not a move's text or names a square not on this board.
 */
export function moveTextSquares(g: Geometry, text: string): RulesResult<number[]> {
  const t = typeof text === 'string' ? text.trim() : '';
  const m = MOVE_TEXT.exec(t);
  if (!m)
    return err(
      'INVALID_MOVE_TEXT',
      `"${String(text).slice(0, 40)}" is not a move like 32-28, 19x10 or c3-d4`,
    );
  const names = [m[1], ...m[2].slice(1).split(/[-x:]/)];
  const squares = names.map((s) => squareNumber(g, s));
  const off = names.find((_, i) => squares[i] < 1 || squares[i] > g.squares);
  if (off !== undefined)
    return err('INVALID_MOVE_TEXT', `${off} is not a playable square of this board`);
  return ok(squares);
}

/** Reads `32-28`, `19x10`, `26x17x8`, `c3-d4` (annotation marks allowed) as a legal move of `pos`. */
export function parseMoveText(pos: Position, text: string): RulesResult<Move> {
  const read = moveTextSquares(pos.variant.geometry, text);
  if (!read.ok) return read;
  const squares = read.value;
  return pos.findMove(
    squares.length === 2 ? { from: squares[0], to: squares[1] } : { path: squares },
  );
}
