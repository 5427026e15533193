/** Storm's clock (3 min, -10 s a mistake, combo bonuses) and the check of a submitted score. */
import fc from 'fast-check';
import {
  comboBonus,
  leastMoves,
  maxBonus,
  minSolverMoves,
  MIN_MOVE_SECONDS,
  runBonus,
  STORM_START,
  stormMove,
  stormPossible,
  stormRemainingMs,
  type StormClaim,
} from '../../src/puzzles/storm-rules.js';

test.each([
  [1, 0],
  [4, 0],
  [5, 3],
  [6, 0],
  [12, 5],
  [20, 7],
  [30, 10],
  [35, 0],
  [40, 10],
  [50, 10],
  [51, 0],
  [100, 10],
])('combo %d earns %d s', (combo, s) => {
  expect(comboBonus(combo)).toBe(s);
});

test.each([
  [0, 0],
  [4, 0],
  [5, 3],
  [11, 3],
  [12, 8],
  [19, 8],
  [20, 15],
  [29, 15],
  [30, 25],
  [39, 25],
  [40, 35],
  [60, 55],
])('a run of %d right moves earns %d s in all', (n, s) => {
  expect(runBonus(n)).toBe(s);
  // The same as the page's clock counts it move by move.
  let st = STORM_START;
  for (let i = 0; i < n; i++) st = stormMove(st, true);
  expect(st.adjustMs).toBe(s * 1000);
});

test('a mistake takes 10 s and ends the combo; the clock shows 180 s + bonuses - elapsed', () => {
  let s = STORM_START;
  for (let i = 0; i < 5; i++) s = stormMove(s, true, i % 2 === 1);
  expect(s).toMatchObject({ adjustMs: 3000, combo: 5, bestCombo: 5, moves: 5, score: 2 });
  s = stormMove(s, false);
  expect(s).toMatchObject({ adjustMs: -7000, combo: 0, bestCombo: 5, moves: 5, errors: 1 });
  expect(stormRemainingMs(s, 60_000)).toBe(113_000);
  expect(stormRemainingMs(s, 200_000)).toBe(0);
});

test.each([
  // moves, best combo, errors, most bonus seconds
  [0, 0, 0, 0],
  [30, 30, 0, 25],
  [30, 10, 2, 9], // three runs of 10: 3 s each
  [30, 10, 5, 3 + 4 * 3], // one run of 10, then four of 5 (not three runs of 10: 9 s)
  [60, 19, 4, 8 + 3 * 8 + 3], // 19 + 12 + 12 + 12 + 5 (greedy 19 + 19 + 19 + 3 says 24)
  [60, 60, 0, 55],
  [100, 12, 10, 7 * 8 + 3 * 3], // seven runs of 12 and three of 5 (eight of 12 earn 64)
  [25, 12, 1, 8 + 8], // 12 + 12 (+1 would need a third run)
  [25, 12, 2, 8 + 8 + 0],
])('%d moves, combo %d, %d errors: at most %d s of bonus', (moves, combo, errors, s) => {
  expect(maxBonus(moves, combo, errors)).toBe(s);
});

/** `n` puzzles of 2 solver moves each. */
const twos = (n: number): number[] => new Array<number>(n).fill(2);

const honest: StormClaim = { score: 20, moves: 48, errors: 3, combo: 20, time: 170 };
const given = { minMoves: twos(150), elapsedSeconds: 171 };

test.each([
  ['an honest run', honest, given, true],
  [
    'the clock fully used with bonuses',
    { score: 30, moves: 60, errors: 0, combo: 60, time: 230 },
    { minMoves: twos(150), elapsedSeconds: 231 },
    true,
  ],
  [
    'an early stop',
    { score: 0, moves: 0, errors: 0, combo: 0, time: 12 },
    { minMoves: twos(150), elapsedSeconds: 12.5 },
    true,
  ],
  ['more solved than given', { ...honest, score: 151, moves: 400, combo: 400 }, given, false],
  [
    '400 puzzles in 3 minutes',
    { score: 400, moves: 800, errors: 0, combo: 800, time: 180 },
    { minMoves: twos(1000), elapsedSeconds: 181 },
    false,
  ],
  ['more solved than moves', { ...honest, score: 49 }, given, false],
  [
    'a move per puzzle (each takes 2 at least)',
    { score: 150, moves: 150, errors: 0, combo: 150, time: 60 },
    { minMoves: twos(150), elapsedSeconds: 61 },
    false,
  ],
  [
    'a move per puzzle where each is won by an accepted first move',
    { score: 100, moves: 100, errors: 0, combo: 100, time: 60 },
    { minMoves: new Array<number>(150).fill(1), elapsedSeconds: 61 },
    true,
  ],
  [
    'fewer moves than the puzzles solved need',
    { score: 20, moves: 45, errors: 3, combo: 20, time: 170 },
    { minMoves: [...twos(10), ...new Array<number>(140).fill(3)], elapsedSeconds: 171 },
    false,
  ],
  ['a combo longer than the moves', { ...honest, combo: 49 }, given, false],
  ['moves that do not fit the combo', { ...honest, combo: 10 }, given, false],
  ['longer than the server saw', { ...honest, time: 200 }, given, false],
  [
    'longer than the clock',
    { score: 5, moves: 10, errors: 2, combo: 4, time: 175 },
    { minMoves: twos(150), elapsedSeconds: 176 },
    false,
  ],
] as const)('%s: possible %s', (_, claim, run, ok) => {
  expect(stormPossible(claim, run).ok).toBe(ok);
});

/**
 * A run played move by move on the page's clock: a solver move takes `moveMs` (at least the
 * fastest a move can be made), a mistake fails the puzzle and the next one starts; the run ends
 * when the clock runs out (between moves, or at once by a mistake's 10 s) or the player stops.
 */
function simulate(events: { right: boolean; ms: number }[], lengths: number[]) {
  let s = STORM_START;
  let elapsed = 0;
  let puzzle = 0;
  let done = 0; // solver moves made in the current puzzle
  for (const e of events) {
    if (puzzle >= lengths.length) break;
    const left = stormRemainingMs(s, elapsed);
    if (e.ms >= left) return { s, time: (elapsed + left) / 1000 };
    elapsed += e.ms;
    if (e.right) {
      done++;
      const solved = done === lengths[puzzle];
      s = stormMove(s, true, solved);
      if (solved) [puzzle, done] = [puzzle + 1, 0];
    } else {
      s = stormMove(s, false);
      [puzzle, done] = [puzzle + 1, 0];
      if (stormRemainingMs(s, elapsed) === 0) return { s, time: elapsed / 1000 };
    }
  }
  return { s, time: elapsed / 1000 };
}

test('every run played on the clock is possible', () => {
  const MIN_MS = MIN_MOVE_SECONDS * 1000;
  fc.assert(
    fc.property(
      // Per puzzle: its fewest solver moves (1 when an accepted move wins at once) and the moves
      // this player takes to solve it (the full line when longer).
      fc.array(
        fc
          .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 3 }))
          .map(([min, more]) => [min, min + more] as const),
        { minLength: 150, maxLength: 150 },
      ),
      fc.double({ min: 0, max: 0.25, noNaN: true }),
      fc.integer({ min: MIN_MS, max: 3000 }),
      fc.integer({ min: 0, max: 0xffff }),
      (lengths, pMistake, slowMs, seed) => {
        // A seeded stream of moves: mistakes at the rate drawn, times between the fastest and slowMs.
        let x = seed + 1;
        const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
        const events = Array.from({ length: 2000 }, () => ({
          right: rnd() >= pMistake,
          ms: MIN_MS + Math.floor(rnd() * (slowMs - MIN_MS + 1)),
        }));
        const { s, time } = simulate(
          events,
          lengths.map(([, n]) => n),
        );
        const claim = {
          score: s.score,
          moves: s.moves,
          errors: s.errors,
          combo: s.bestCombo,
          time,
        };
        const verdict = stormPossible(claim, {
          minMoves: lengths.map(([min]) => min),
          elapsedSeconds: time + 0.5,
        });
        expect(verdict).toEqual({ ok: true });
      },
    ),
    { numRuns: 400 },
  );
});

test('the fewest moves a puzzle is solved in, and the fewest a score takes', () => {
  expect(minSolverMoves({ moves: ['a', 'b', 'c', 'd'] })).toBe(2);
  expect(minSolverMoves({ moves: ['a', 'b', 'c', 'd', 'e', 'f'], accepted: [[3, 'x']] })).toBe(2);
  expect(minSolverMoves({ moves: ['a', 'b', 'c', 'd'], accepted: [[1, 'x']] })).toBe(1);
  // 2 solved of the first 2 + 1 given: the two shortest of 5, 3, 4.
  expect(leastMoves([5, 3, 4, 1], 2, 1)).toBe(7);
  expect(leastMoves([5, 3, 4, 1], 2, 0)).toBe(8);
  expect(leastMoves([2, 2], 0, 5)).toBe(0);
});
