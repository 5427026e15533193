/**
 * A game's speed from its estimated duration, lichess's way: initial time plus 40 increments (40
 * moves being a typical game), so 3+2 counts as 3 + 80 s = 4:20, a blitz game.
 */
import type { Speed } from '../common/protocol.js';

/** As in the protocol: milliseconds. */
export interface TimeControlLike {
  readonly initial: number;
  readonly increment: number;
}

/** Each speed below its bound in seconds of estimated duration; longer games are classical. */
const BOUNDS: readonly (readonly [Speed, number])[] = [
  ['bullet', 3 * 60],
  ['blitz', 8 * 60],
  ['rapid', 25 * 60],
];

export function speedOf(clock: TimeControlLike | null, correspondence = false): Speed {
  if (correspondence) return 'correspondence';
  if (clock === null) return 'untimed';
  const estimate = (clock.initial + 40 * clock.increment) / 1000;
  return BOUNDS.find(([, below]) => estimate < below)?.[0] ?? 'classical';
}

/** The speed of a game as stored (matches' and challenges' columns). */
export function speedOfColumns(
  initial: number | null,
  increment: number | null,
  days: number | null,
): Speed {
  return speedOf(initial === null ? null : { initial, increment: increment ?? 0 }, days !== null);
}

/**
 * speedOfColumns() as a SQL expression over a matches row aliased `m` (its clock_initial,
 * clock_increment and days), from the same bounds: a statement that finds a game's ratings by
 * its speed without a round trip to learn it first.
 */
export function speedSql(m: string): string {
  const estimate = `(${m}.clock_initial + 40 * coalesce(${m}.clock_increment, 0)) / 1000.0`;
  const bounds = BOUNDS.map(([speed, below]) => `WHEN ${estimate} < ${below} THEN '${speed}'`);
  return `(CASE WHEN ${m}.days IS NOT NULL THEN 'correspondence'
    WHEN ${m}.clock_initial IS NULL THEN 'untimed' ${bounds.join(' ')} ELSE 'classical' END)`;
}
