/** Rating a puzzle round, the puzzle's capped change, first attempt rated, the retire rule. */
import { rate } from '../../src/ratings/glicko2.js';
import {
  CLUELESS_RD,
  isRetired,
  ladder,
  MAX_PUZZLE_DELTA,
  PUZZLE_START,
  rateRound,
  roundKind,
  selectionTarget,
  STREAK_FROM,
  STREAK_TO,
} from '../../src/puzzles/puzzle-rules.js';

const settled = { rating: 1500, rd: 60, vol: 0.06 };

test('a new puzzle starts at 1500 / 500 / 0.09', () => {
  expect(PUZZLE_START).toEqual({ rating: 1500, rd: 500, vol: 0.09 });
});

test.each([
  // player, puzzle, win, player goes, puzzle goes
  [settled, PUZZLE_START, true, 'up', 'down'],
  [settled, PUZZLE_START, false, 'down', 'up'],
  [{ rating: 1800, rd: 80, vol: 0.06 }, { rating: 1200, rd: 100, vol: 0.06 }, true, 'up', 'down'],
  [{ rating: 1200, rd: 80, vol: 0.06 }, { rating: 1800, rd: 100, vol: 0.06 }, false, 'down', 'up'],
] as const)(
  'a rated round: the player and the puzzle move as a game between them (%#)',
  (player, puzzle, win, p, q) => {
    const r = rateRound(player, puzzle, win);
    expect(Math.sign(r.player.rating - player.rating)).toBe(p === 'up' ? 1 : -1);
    expect(Math.sign(r.puzzle.rating - puzzle.rating)).toBe(q === 'up' ? 1 : -1);
    // Uncapped here: exactly Glicko-2's answer for the puzzle.
    expect(r.puzzle.rating).toBeCloseTo(
      rate(puzzle, [{ opponent: player, score: win ? 0 : 1 }]).rating,
      9,
    );
    expect(r.player.rd).toBeLessThan(player.rd);
  },
);

test("the puzzle's change is capped at 700 (lichess's maxRatingDelta)", () => {
  const strong = { rating: 3000, rd: 50, vol: 0.06 };
  const puzzle = { rating: 1000, rd: 500, vol: 0.09 };
  // Uncapped, the puzzle would jump more than 1,400 points.
  const raw = rate(puzzle, [{ opponent: strong, score: 1 }]).rating - puzzle.rating;
  expect(raw).toBeGreaterThan(MAX_PUZZLE_DELTA);
  const r = rateRound(strong, puzzle, false);
  expect(r.puzzle.rating).toBe(puzzle.rating + MAX_PUZZLE_DELTA);
  expect(rateRound(strong, { ...puzzle, rating: 3500 }, true).puzzle.rating).toBeGreaterThan(
    3500 - MAX_PUZZLE_DELTA - 1e-9,
  );
});

test.each([
  [500, false],
  [CLUELESS_RD, false],
  [CLUELESS_RD - 1, true],
  [60, true],
])('a puzzler with RD %d moves the puzzle: %s', (rd, moves) => {
  const r = rateRound({ rating: 1500, rd, vol: 0.06 }, PUZZLE_START, true);
  expect(r.puzzle === PUZZLE_START).toBe(!moves);
  expect(r.player.rating).toBeGreaterThan(1500); // the puzzler's own rating always moves
});

const t0 = new Date('2026-11-27T12:00:00Z');
const later = (s: number) => new Date(t0.getTime() + s * 1000);

test.each([
  // account, first rated round, win, now, kind
  [false, null, true, t0, 'casual'], // a guest: never rated
  [false, { win: true, at: t0 }, true, later(1), 'casual'],
  [true, null, true, t0, 'rated'], // an account's first attempt
  [true, null, false, t0, 'rated'],
  [true, { win: true, at: t0 }, true, later(2), 'duplicate'], // the same post again
  [true, { win: false, at: t0 }, false, later(30), 'duplicate'],
  [true, { win: true, at: t0 }, true, later(31), 'casual'], // solved again later
  [true, { win: false, at: t0 }, true, later(5), 'casual'], // retried and solved
  [true, { win: true, at: t0 }, false, later(5), 'casual'],
] as const)('round: account %s, first %j, win %s -> %s', (account, first, win, now, kind) => {
  expect(roundKind(account, first, win, now)).toBe(kind);
});

test.each([
  [0, 0, false],
  [0, 4, false],
  [0, 5, true],
  [1, 5, true],
  [2, 5, false],
  [2, 6, true],
  [10, 29, false],
  [10, 30, true],
  [100, 5, false],
])('votes %d up, %d down: retired %s', (up, down, retired) => {
  expect(isRetired(up, down)).toBe(retired);
});

test('selection aims within 100 of the rating; ladders rise from 1000 to 2600', () => {
  expect(selectionTarget(1700, 0)).toBe(1600);
  expect(selectionTarget(1700, 0.5)).toBe(1700);
  expect(selectionTarget(1700, 0.999999)).toBe(1800);
  const l = ladder(60);
  expect(l).toHaveLength(60);
  expect(l[0]).toBe(STREAK_FROM);
  expect(l[59]).toBe(STREAK_TO);
  for (let i = 1; i < l.length; i++) expect(l[i]).toBeGreaterThan(l[i - 1]);
  expect(ladder(1)).toEqual([STREAK_FROM]);
  expect(ladder(0)).toEqual([]);
});
