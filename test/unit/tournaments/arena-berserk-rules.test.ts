/** Berserk (src/tournaments/arena/arena-berserk-rules.ts): the halved clock, and when it is allowed. */
import { berserkedClock, canBerserk } from '../../../src/tournaments/arena/arena-berserk-rules.js';

test.each<[number, number, number, number]>([
  [180_000, 2000, 90_000, 0],
  [60_000, 0, 30_000, 0],
  [15_000, 0, 7500, 0],
  [0, 1000, 1000, 0],
  [1001, 0, 500, 0],
])('%i+%i berserked: %i+%i', (initial, increment, i2, inc2) => {
  expect(berserkedClock({ initial, increment })).toEqual({ initial: i2, increment: inc2 });
});

test.each<[boolean, boolean, number, boolean]>([
  [true, false, 0, true],
  [true, false, 1, false],
  [true, true, 0, false],
  [false, false, 0, false],
])('berserkable %s, already %s, %i moves: %s', (berserkable, alreadyBerserked, movesPlayed, ok) => {
  expect(canBerserk({ berserkable, alreadyBerserked, movesPlayed })).toBe(ok);
});
