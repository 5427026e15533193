import { thinkTime } from '../../src/computer/think-time.js';

describe('thinkTime', () => {
  test.each([
    ['untimed: the level decides', 1000, null, 1000],
    ['plenty of time: the level decides', 1000, { left: 300_000, increment: 0 }, 1000],
    ['5 minutes + 3 s, low level', 50, { left: 300_000, increment: 3000 }, 50],
    [
      'one minute left: a 30th (2 s) is more than the level',
      1000,
      { left: 60_000, increment: 0 },
      1000,
    ],
    ['12 s left: 400 ms', 1000, { left: 12_000, increment: 0 }, 400],
    [
      '3 s left + 2 s increment: 100 + 1500, capped by the level',
      1000,
      { left: 3000, increment: 2000 },
      1000,
    ],
    ['1 s left + 200 ms increment: 33 + 150', 1000, { left: 1000, increment: 200 }, 183],
    ['400 ms left: a quarter at most', 1000, { left: 400, increment: 1000 }, 100],
    ['nothing left: the minimum', 1000, { left: 0, increment: 0 }, 5],
  ])('%s', (_what, levelMs, clock, expected) => {
    expect(thinkTime(levelMs, clock)).toBe(expected);
  });
});
