/**
 * The puzzle record shared with the server and the client (docs/PUZZLES.md, the contract of
 * issue 32): one JSON object per line of assets/puzzles/<variant>.ndjson.gz.
 */
import type { VariantId } from '../rules/index.js';

// The theme ids and sources are the wire contract's (one list: the server and the client read them).
export {
  PUZZLE_THEMES as THEMES,
  type PuzzleTheme as Theme,
  type PuzzleSource,
} from '../common/protocol/puzzles.js';
import type { PuzzleSource, PuzzleTheme as Theme } from '../common/protocol/puzzles.js';

export interface PuzzleRecord {
  readonly id: string;
  readonly variant: VariantId;
  /** The position before the opponent's last move (moves[0]). */
  readonly fen: string;
  /** moves[0] the opponent's last move, then solver (odd indices) and opponent (even) moves. */
  readonly moves: string[];
  /** [index, moveText]: another move that also wins at that solver index. */
  readonly accepted?: [number, string][];
  readonly themes: Theme[];
  /** The search depth at which the solution was verified (a difficulty hint). */
  readonly depth: number;
  readonly source: PuzzleSource;
}
