/**
 * The profile's rating chart's scales (client/src/pages/profile/chart-rules.ts): one game gets a
 * day either side, not uPlot's years; a lone rating 50 points either side.
 */
import { DAY_S, ratingRange, timeRange } from '../../client/src/pages/profile/chart-rules.js';

const NOV_27 = Date.parse('2026-11-27T06:00:00Z') / 1000;

test.each([
  ['no point', [], null],
  ['one game', [NOV_27], [NOV_27 - DAY_S, NOV_27 + DAY_S]],
  ['games at one instant', [NOV_27, NOV_27], [NOV_27 - DAY_S, NOV_27 + DAY_S]],
  ['two games', [NOV_27, NOV_27 + 600], [NOV_27, NOV_27 + 600]],
  ['out of order', [NOV_27 + 9, NOV_27, NOV_27 + 3], [NOV_27, NOV_27 + 9]],
])('time: %s', (_, times, range) => {
  expect(timeRange(times)).toEqual(range);
});

test('one game: the axis stays within the days around it', () => {
  const [from, to] = timeRange([NOV_27])!;
  expect(new Date(from * 1000).toISOString().slice(0, 10)).toBe('2026-11-26');
  expect(new Date(to * 1000).toISOString().slice(0, 10)).toBe('2026-11-28');
});

test.each([
  ['no point', [], null],
  ['one rating', [1258], [1208, 1308]],
  ['one rating twice', [1500, 1500], [1450, 1550]],
  ['several', [1500, 1258], null],
])('rating: %s', (_, ratings, range) => {
  expect(ratingRange(ratings)).toEqual(range);
});
