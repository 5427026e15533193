/**
 * Arena standings: who is ahead, lila's way. Score first; at equal scores the better performance
 * rating (lila's Player.magicScore: score * 10000 + performance, or the rating while there is no
 * performance yet); then who reached that score first (they did it with fewer chances); then the
 * name, then the id, so the order is total and the same on every process.
 *
 * Performance, lila's (Performance.scala, after Wikipedia's "linear" performance rating): each
 * game counts the opponent's rating, plus 500 for a win, minus 500 for a loss; the average of
 * those, once the player has played at least 3 games. It is kept as four running numbers
 * (PerformanceTally), so the server need not reread the games.
 */
import type { ArenaOutcome } from './arena-scoring-rules.js';

/** lila: a win counts the opponent's rating + 500, a loss - 500. */
export const PERFORMANCE_DIFF = 500;
/** lila: fewer games than this make no performance. */
export const PERFORMANCE_MIN_GAMES = 3;

/** What a performance needs, kept per player and updated with each game. */
export interface PerformanceTally {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  /** The opponents' ratings (as the games began), summed. */
  readonly opponentRatingSum: number;
}

export const EMPTY_TALLY: PerformanceTally = Object.freeze({
  games: 0,
  wins: 0,
  losses: 0,
  opponentRatingSum: 0,
});

export function addToTally(
  tally: PerformanceTally,
  opponentRating: number,
  outcome: ArenaOutcome,
): PerformanceTally {
  return {
    games: tally.games + 1,
    wins: tally.wins + (outcome === 'win' ? 1 : 0),
    losses: tally.losses + (outcome === 'loss' ? 1 : 0),
    opponentRatingSum: tally.opponentRatingSum + opponentRating,
  };
}

/**
 * The performance rating, rounded: average opponent rating + 500 * (wins - losses) / games; null
 * under PERFORMANCE_MIN_GAMES games.
 */
export function performanceRating(t: PerformanceTally): number | null {
  if (t.games < PERFORMANCE_MIN_GAMES) return null;
  return Math.round((t.opponentRatingSum + PERFORMANCE_DIFF * (t.wins - t.losses)) / t.games);
}

/** A player as the standings need them. */
export interface ArenaStandingEntry extends PerformanceTally {
  readonly id: string;
  readonly name: string;
  /** Arena points (arena-scoring-rules). */
  readonly score: number;
  /** Their rating in the arena's variant and speed as they joined. */
  readonly rating: number;
  /** When their score last changed (null: never scored); earlier wins a tie. */
  readonly scoreReachedAt: Date | null;
}

export interface RankedStanding extends ArenaStandingEntry {
  /** 1 for the leader; every rank is different (the order is total). */
  readonly rank: number;
  readonly performance: number | null;
}

/** lila's tie-break value: the performance, else the rating. */
function tieRating(e: ArenaStandingEntry): number {
  return performanceRating(e) ?? e.rating;
}

/** Negative when `a` is ahead of `b`. */
export function compareStandings(a: ArenaStandingEntry, b: ArenaStandingEntry): number {
  return (
    b.score - a.score ||
    tieRating(b) - tieRating(a) ||
    reachedAt(a) - reachedAt(b) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function reachedAt(e: ArenaStandingEntry): number {
  return e.scoreReachedAt === null ? Number.POSITIVE_INFINITY : e.scoreReachedAt.getTime();
}

/** The standings, best first, ranked 1..n. */
export function rankStandings(entries: readonly ArenaStandingEntry[]): RankedStanding[] {
  return [...entries]
    .sort(compareStandings)
    .map((e, i) => ({ ...e, rank: i + 1, performance: performanceRating(e) }));
}

/** The podium: the first three who played at least one game. */
export function podium(ranked: readonly RankedStanding[], size = 3): RankedStanding[] {
  return ranked.filter((r) => r.games > 0).slice(0, size);
}
