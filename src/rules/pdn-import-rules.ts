/**
 * What a PDN import says when a move stops it, and how a game is written back: the legal moves a
 * move written in part may mean (a capture written to a middle square, or from and to where
 * several captures join them), the variant whose rules the game's moves fit when the one tried
 * refuses them, and the notation a game is written in (numeric `32-28`, or alphanumeric `c3-d4`
 * as Russian books write), so that it is written back the same way.
 */
import { squareName } from './geometry.js';
import { moveTextSquares, moveToText, parseMoveText } from './notation.js';
import { Position } from './position.js';
import type { Move, VariantId } from './types.js';
import { allVariants } from './variants/index.js';

export type Notation = 'numeric' | 'alphanumeric';

/** The notation of a move's text: alphanumeric when its first square is named by a letter. */
export const notationOf = (text: string): Notation =>
  /^\s*[a-l]/i.test(text) ? 'alphanumeric' : 'numeric';

/** A PDN number's square in `notation` (`27` or `d4`). */
const name = (pos: Position, square: number, notation: Notation): string =>
  notation === 'numeric' ? String(square) : squareName(pos.variant.geometry, square - 1);

/**
 * A legal move of `pos` as `notation` writes it: `32-28` / `19x10` (the whole route only when
 * from and to are ambiguous), or `c3-d4` / `e3:c5` (`:` for a capture, as Russian books write).
 */
export function moveText(pos: Position, move: Move, notation: Notation = 'numeric'): string {
  const numeric = moveToText(pos, move);
  if (notation === 'numeric') return numeric;
  return numeric
    .split(/[-x]/)
    .map((s) => name(pos, Number(s), notation))
    .join(move.captures.length ? ':' : '-');
}

/** A move's whole route in `notation` (`24x15x6`, `e3:c5:e7`): what tells captures apart. */
export function routeText(pos: Position, move: Move, notation: Notation = 'numeric'): string {
  const sep = move.captures.length === 0 ? '-' : notation === 'numeric' ? 'x' : ':';
  return move.path.map((s) => name(pos, s, notation)).join(sep);
}

const isSubsequence = (part: readonly number[], whole: readonly number[]): boolean => {
  let i = 0;
  for (const s of whole) if (s === part[i]) i++;
  return i === part.length;
};

/**
 * The legal moves a move text that names no one legal move may mean: the captures whose route
 * starts with the squares written and goes on (`24x15` for `24x15x6`), else the routes from its
 * first square to its last that pass the squares written in order (several: ambiguous; one: a
 * square left out), else the captures from its first square that pass them in order. Empty when
 * it names a legal move, or nothing like one.
 */
export function meantMoves(pos: Position, text: string): Move[] {
  const read = moveTextSquares(pos.variant.geometry, text);
  if (!read.ok || parseMoveText(pos, text).ok) return [];
  const squares = read.value;
  const last = squares[squares.length - 1];
  const legal = pos.legalMoves();
  const started = legal.filter(
    (m) => m.path.length > squares.length && squares.every((s, i) => m.path[i] === s),
  );
  if (started.length > 0) return started;
  const passing = legal.filter((m) => m.from === squares[0] && isSubsequence(squares, m.path));
  const joining = passing.filter((m) => m.to === last);
  if (joining.length > 0) return joining;
  return passing.filter((m) => m.captures.length > 0);
}

/** How far a variant's rules read a line of move texts from `fen` (its start if absent). */
export function movesRead(variant: VariantId, texts: readonly string[], fen?: string): number {
  const start = fen === undefined ? Position.initial(variant) : Position.fromFen(variant, fen);
  let pos: Position;
  if (start instanceof Position) pos = start;
  else if (start.ok) pos = start.value;
  else return 0;
  let n = 0;
  for (const text of texts) {
    const m = parseMoveText(pos, text);
    if (!m.ok) break;
    pos = pos.play(m.value);
    n++;
  }
  return n;
}

/**
 * The variant, other than `tried`, whose rules read the most of a game's moves (`texts`, from the
 * `fen` given or each variant's start), when that is more than `tried` read (`read` moves): the
 * variant the moves fit. Null when no other variant reads further.
 */
export function fittingVariant(
  texts: readonly string[],
  tried: VariantId,
  read: number,
  fen?: string,
): VariantId | null {
  let best: VariantId | null = null;
  let most = read;
  for (const v of allVariants()) {
    if (v.id === tried) continue;
    const n = movesRead(v.id, texts, fen);
    if (n > most) {
      best = v.id;
      most = n;
    }
  }
  return best;
}
