/** Shared test helpers: deterministic random positions and PDN-free move comparison. */
import { Position } from '../../src/rules/position.js';
import type { Move, VariantId } from '../../src/rules/types.js';
import { mulberry32 } from '../../src/engine/random.js';

/** Positions reached by `plies` random legal moves from the start, one seed each (replayable). */
export function randomPositions(variant: VariantId, count: number, plies: number): Position[] {
  const out: Position[] = [];
  for (let seed = 1; out.length < count && seed < count * 10; seed++) {
    const rng = mulberry32(seed * 7919);
    let pos = Position.initial(variant);
    for (let i = 0; i < plies; i++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos = pos.play(moves[(rng() >>> 0) % moves.length]);
    }
    if (pos.moveCount() > 0) out.push(pos);
  }
  return out;
}

/** The legal move of `pos` equal to `move`, or undefined. */
export function legalTwin(pos: Position, move: Move | null): Move | undefined {
  if (move === null) return undefined;
  return pos
    .legalMoves()
    .find((m) => m.from === move.from && m.to === move.to && sameList(m.captures, move.captures));
}

const sameList = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);
