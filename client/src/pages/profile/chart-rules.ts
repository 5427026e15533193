/**
 * PURE: the rating chart's scales. uPlot ranges a series by its own points: one game (one
 * point, or all at one instant) leaves it a range of zero, which it widens by years (an axis from
 * 2027 to 2029 for a game of today). A lone instant gets a day either side, a lone rating 50
 * points either side; more points keep their own span.
 */
export const DAY_S = 86_400;
const RATING_PAD = 50;

/** The time axis (seconds since the epoch) for points at `times`; null: none to chart. */
export function timeRange(times: readonly number[]): [number, number] | null {
  if (times.length === 0) return null;
  const min = Math.min(...times);
  const max = Math.max(...times);
  return min === max ? [min - DAY_S, max + DAY_S] : [min, max];
}

/** The rating axis for `ratings`: uPlot's own (null) unless they are all one value. */
export function ratingRange(ratings: readonly number[]): [number, number] | null {
  if (ratings.length === 0) return null;
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  return min === max ? [min - RATING_PAD, max + RATING_PAD] : null;
}
