/**
 * The rules of rating puzzles, pure (lichess's PuzzleFinisher, Glicko-2 of src/ratings): a
 * round is a game between the puzzler and the puzzle. An account's first attempt is rated, later
 * ones casual, a guest's always casual. The puzzle's new rating moves at most MAX_PUZZLE_DELTA in
 * one round and not at all for a puzzler whose own rating is still a guess (RD at least
 * CLUELESS_RD), as lichess caps it. A puzzle voted down hard is retired.
 */
import { DEFAULT_RATING, rate, type Glicko } from '../ratings/glicko2.js';

/** A puzzle's rating when it is loaded (and a puzzler's before the first round). */
export const PUZZLE_START: Glicko = DEFAULT_RATING;
/** lichess Glicko.maxRatingDelta: the most a puzzle's rating moves in one round. */
export const MAX_PUZZLE_DELTA = 700;
/** lichess Glicko.cluelessDeviation: a puzzler this unsure of its own rating moves no puzzle. */
export const CLUELESS_RD = 230;
/** lichess Glicko.minRating / maxRating. */
export const MIN_RATING = 400;
export const MAX_RATING = 4000;
/**
 * A round posted again this soon with the same result is the same round sent twice (a retry):
 * it gets the first answer and counts once. Later, or with the other result, it is a new casual
 * attempt.
 */
export const DUPLICATE_SECONDS = 30;
/** Retired: at least this many down votes and three times as many down as up. */
export const RETIRE_MIN_DOWN = 5;
export const RETIRE_DOWN_PER_UP = 3;
/** Selection: the target is the puzzler's rating give or take this much, at random. */
export const SELECT_SPREAD = 100;
/** Streak and storm: puzzles from this rating rising to STREAK_TO. */
export const STREAK_FROM = 1000;
export const STREAK_TO = 2600;

const clampRating = (r: number): number => Math.min(MAX_RATING, Math.max(MIN_RATING, r));

/** The puzzler's and the puzzle's ratings after a rated round (`win`: the puzzler solved it). */
export function rateRound(
  player: Glicko,
  puzzle: Glicko,
  win: boolean,
): { player: Glicko; puzzle: Glicko } {
  const p = rate(player, [{ opponent: puzzle, score: win ? 1 : 0 }]);
  const nextPlayer = { ...p, rating: clampRating(p.rating) };
  if (player.rd >= CLUELESS_RD) return { player: nextPlayer, puzzle };
  const q = rate(puzzle, [{ opponent: player, score: win ? 0 : 1 }]);
  const capped = Math.min(
    puzzle.rating + MAX_PUZZLE_DELTA,
    Math.max(puzzle.rating - MAX_PUZZLE_DELTA, q.rating),
  );
  return { player: nextPlayer, puzzle: { ...q, rating: clampRating(capped) } };
}

/** How a posted round counts. */
export type RoundKind = 'rated' | 'casual' | 'duplicate';

/**
 * `account`: a signed-up player (guests are never rated). `first`: the account's rated round of
 * this puzzle, if any.
 */
export function roundKind(
  account: boolean,
  first: { win: boolean; at: Date } | null,
  win: boolean,
  now: Date,
): RoundKind {
  if (!account) return 'casual';
  if (first === null) return 'rated';
  const age = (now.getTime() - first.at.getTime()) / 1000;
  return first.win === win && age >= 0 && age <= DUPLICATE_SECONDS ? 'duplicate' : 'casual';
}

/** Whether a puzzle with these votes is retired (no longer served). */
export const isRetired = (up: number, down: number): boolean =>
  down >= RETIRE_MIN_DOWN && down >= RETIRE_DOWN_PER_UP * up;

/** Where a selection for a puzzler of `rating` starts (`random` in [0, 1)). */
export const selectionTarget = (rating: number, random: number): number =>
  Math.round(rating + (2 * random - 1) * SELECT_SPREAD);

/** `n` ratings rising evenly from STREAK_FROM to STREAK_TO: a streak's or a storm's ladder. */
export function ladder(n: number): number[] {
  if (n <= 1) return [STREAK_FROM].slice(0, n);
  return Array.from({ length: n }, (_, i) =>
    Math.round(STREAK_FROM + ((STREAK_TO - STREAK_FROM) * i) / (n - 1)),
  );
}
