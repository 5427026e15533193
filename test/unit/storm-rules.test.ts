/** Storm's clock (3 min, -10 s a mistake, combo bonuses) and the check of a submitted score. */
import {
  comboBonus,
  maxBonus,
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
  [30, 10, 5, 9], // no more than three runs of 10 fit
  [25, 12, 1, 8 + 8], // 12 + 12 (+1 would need a third run)
  [25, 12, 2, 8 + 8 + 0],
])('%d moves, combo %d, %d errors: at most %d s of bonus', (moves, combo, errors, s) => {
  expect(maxBonus(moves, combo, errors)).toBe(s);
});

const honest: StormClaim = { score: 20, moves: 48, errors: 3, combo: 20, time: 170 };
const given = { puzzles: 150, elapsedSeconds: 171 };

test.each([
  ['an honest run', honest, given, true],
  [
    'the clock fully used with bonuses',
    { score: 30, moves: 60, errors: 0, combo: 60, time: 230 },
    { puzzles: 150, elapsedSeconds: 231 },
    true,
  ],
  [
    'an early stop',
    { score: 0, moves: 0, errors: 0, combo: 0, time: 12 },
    { puzzles: 150, elapsedSeconds: 12.5 },
    true,
  ],
  ['more solved than given', { ...honest, score: 151, moves: 400, combo: 400 }, given, false],
  [
    '400 puzzles in 3 minutes',
    { score: 400, moves: 800, errors: 0, combo: 800, time: 180 },
    { puzzles: 1000, elapsedSeconds: 181 },
    false,
  ],
  ['more solved than moves', { ...honest, score: 49 }, given, false],
  ['a combo longer than the moves', { ...honest, combo: 49 }, given, false],
  ['moves that do not fit the combo', { ...honest, combo: 10 }, given, false],
  ['longer than the server saw', { ...honest, time: 200 }, given, false],
  [
    'longer than the clock',
    { score: 5, moves: 10, errors: 2, combo: 4, time: 175 },
    { puzzles: 150, elapsedSeconds: 176 },
    false,
  ],
] as const)('%s: possible %s', (_, claim, run, ok) => {
  expect(stormPossible(claim, run).ok).toBe(ok);
});
