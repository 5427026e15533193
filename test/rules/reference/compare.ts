/** The library's legal moves next to the reference's, as comparable sorted texts. */
import { unwrap } from '../../../src/rules/errors.js';
import { Position } from '../../../src/rules/position.js';
import type { VariantId } from '../../../src/rules/types.js';
import { moveKey, type RefMove } from './board.js';
import { refMoves, refPosition, type RefVariant } from './index.js';

export const libraryMoves = (variant: VariantId, fen: string): string[] =>
  unwrap(Position.fromFen(variant, fen))
    .legalMoves()
    .map((m) =>
      moveKey({
        from: m.from,
        to: m.to,
        captured: [...m.captures].sort((a, b) => a - b),
        promoted: m.promoted,
      } satisfies RefMove),
    )
    .sort();

export const referenceMoves = (variant: RefVariant, fen: string): string[] =>
  refMoves(variant, refPosition(variant, fen)).map(moveKey).sort();

/** A FEN where the two differ, with both lists; null when they agree. */
export function difference(
  variant: RefVariant,
  fen: string,
): { fen: string; library: string[]; reference: string[] } | null {
  const library = libraryMoves(variant, fen);
  const reference = referenceMoves(variant, fen);
  return library.join('|') === reference.join('|') ? null : { fen, library, reference };
}
