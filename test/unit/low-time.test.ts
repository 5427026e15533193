/** The clock's low-time warning (client/src/view/clock.ts): ten seconds, or a tenth of the start. */
import { lowTime } from '../../client/src/pages/game/clock.js';

test.each([
  // [left, initial, low]
  [9_999, 180_000, true],
  [10_000, 180_000, false],
  [60_000, 180_000, false],
  [9_999, 100_000, true], // a tenth is 10 s: the same line
  [5_999, 60_000, true], // a tenth of a minute is 6 s
  [6_500, 60_000, false],
  [799, 8_000, true], // an 8 s game warns under 0.8 s
  [900, 8_000, false],
  [9_000, undefined, true], // no starting time known: ten seconds
])('%i ms left of %s: low %s', (left, initial, low) => {
  expect(lowTime(left, initial)).toBe(low);
});
