/**
 * The generator's game sources that need no database, as pure functions the CLI
 * (scripts/puzzles-generate.ts) and the tests share: a PDN file's games, and a stored game's
 * moves (the computer's games, read from the matches and moves tables) replayed into positions.
 * Both are mined move by move with the trigger's search (Miner.mineGame).
 */
import { parsePdns, Position, type Move, type VariantId } from '../rules/index.js';
import type { Miner } from './miner.js';
import type { PuzzleRecord } from './record.js';

/** Every game of a PDN text in the miner's variant, mined; each kept puzzle, game by game. */
export function* minePdn(miner: Miner, pdn: string): Generator<PuzzleRecord> {
  const games = parsePdns(pdn, miner.variant.id);
  if (!games.ok) throw new Error(games.error.message);
  for (const g of games.value)
    if (g.variant.id === miner.variant.id)
      yield* miner.mineGame([g.initial, ...g.positions], g.moves);
}

export interface ReplayedGame {
  /** positions[i + 1] = positions[i] after moves[i]. */
  readonly positions: Position[];
  readonly moves: Move[];
}

/**
 * A stored game (its initial FEN and each move's path of squares) as positions and moves; a
 * move that does not replay cuts the game there. Null when no move replays.
 */
export function replayPaths(
  variant: VariantId,
  fen: string,
  paths: readonly (readonly number[])[],
): ReplayedGame | null {
  const start = Position.fromFen(variant, fen);
  if (!start.ok) return null;
  const positions = [start.value];
  const moves: Move[] = [];
  for (const path of paths) {
    const found = positions[positions.length - 1].findMove({ path });
    if (!found.ok) break;
    moves.push(found.value);
    positions.push(positions[positions.length - 1].play(found.value));
  }
  return moves.length > 0 ? { positions, moves } : null;
}
