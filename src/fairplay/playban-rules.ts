/**
 * PURE: the playban (lichess's), a wait before the queue pairs a player who aborts or leaves too
 * often. No I/O: table-tested in test/unit/playban-rules.test.ts.
 *
 * The rule:
 *   - each game against a person ends with an outcome for each side: `abort` for the side that
 *     aborted it, `noStart` for the side whose first move never came (the game was called off),
 *     `leave` for the side that left and lost by abandonment, `good` otherwise (games against the
 *     computer do not count);
 *   - when a game ends badly for a player and 3 or more of their last 10 games (this one
 *     included) ended badly for them, they are banned from the queue, for the bad outcome's
 *     reason: 5 minutes, then 15, 30 minutes, 1 h, 2 h, 4 h, 8 h, 16 h, then 24 h each time,
 *     by the number of their bans in the last 7 days.
 */
import type { Color, GameResult } from '../rules/index.js';

export type PlayOutcome = 'good' | 'abort' | 'noStart' | 'leave';
export type PlaybanReason = Exclude<PlayOutcome, 'good'>;
export const PLAYBAN_REASONS: readonly PlaybanReason[] = ['abort', 'noStart', 'leave'];

/** How many of a player's games the rule looks at, and how many bad ones among them ban. */
export const RECENT_GAMES = 10;
export const BAD_TO_BAN = 3;
/** Bans counted for the next one's length are those of this many days. */
export const BANS_KEPT_DAYS = 7;
export const BAN_MINUTES = [5, 15, 30, 60, 120, 240, 480, 960, 1440] as const;

/** What the ending knew: the result, the plies played, who aborted (an abort by a player). */
export interface Ending {
  result: GameResult;
  ply: number;
  abortedBy: Color | null;
}

/** Each side's outcome of a game that ended so. */
export function outcomesOf(e: Ending): Record<Color, PlayOutcome> {
  const good: Record<Color, PlayOutcome> = { white: 'good', black: 'good' };
  if (e.result.reason === 'aborted') {
    if (e.abortedBy) return { ...good, [e.abortedBy]: 'abort' };
    // Called off by the clock: the side to move never made its first move.
    return { ...good, [e.ply % 2 === 0 ? 'white' : 'black']: 'noStart' };
  }
  if (e.result.reason === 'abandoned' && e.result.winner) {
    return { ...good, [e.result.winner === 'white' ? 'black' : 'white']: 'leave' };
  }
  return good;
}

export const banMinutes = (bansBefore: number): number =>
  BAN_MINUTES[Math.min(bansBefore, BAN_MINUTES.length - 1)];

/**
 * The ban a player earns with this game, or null. `recent`: their outcomes newest first, this
 * game's first (only the first RECENT_GAMES count); `bansBefore`: their bans of the last days.
 */
export function playbanFor(
  recent: readonly PlayOutcome[],
  bansBefore: number,
): { reason: PlaybanReason; minutes: number } | null {
  const [now] = recent;
  if (now === undefined || now === 'good') return null;
  const bad = recent.slice(0, RECENT_GAMES).filter((o) => o !== 'good').length;
  return bad >= BAD_TO_BAN ? { reason: now, minutes: banMinutes(bansBefore) } : null;
}
