/**
 * The training pages' pure parts: what each address asks for (training-route.ts), and the
 * storm's clock, score and combo bonuses (storm-clock.ts).
 */
import { nextBonusAt, StormClock } from '../../client/src/pages/training/storm-clock.js';
import { isPuzzleId, trainingOf } from '../../client/src/pages/training/training-route.js';

test('the training addresses', () => {
  expect(trainingOf('/training')).toEqual({
    mode: 'puzzle',
    source: { kind: 'next', variant: null },
  });
  expect(trainingOf('/training/')).toEqual(trainingOf('/training'));
  expect(trainingOf('/training/russian')).toEqual({
    mode: 'puzzle',
    source: { kind: 'next', variant: 'russian' },
  });
  expect(trainingOf('/training/daily')).toEqual({ mode: 'puzzle', source: { kind: 'daily' } });
  expect(trainingOf('/training/r4Xb9q')).toEqual({
    mode: 'puzzle',
    source: { kind: 'id', id: 'r4Xb9q' },
  });
  expect(trainingOf('/training/streak')).toEqual({ mode: 'streak' });
  expect(trainingOf('/storm')).toEqual({ mode: 'storm' });
  // Either form of each: /training/storm was the lobby, /streak a 404.
  expect(trainingOf('/training/storm')).toEqual({ mode: 'storm' });
  expect(trainingOf('/streak')).toEqual({ mode: 'streak' });
  expect(trainingOf('/streak/')).toEqual({ mode: 'streak' });
  // Anything else is not a training page.
  for (const other of [
    '/',
    '/trainings',
    '/training/a/b',
    '/training/no-such',
    '/storm/x',
    '/streak/x',
    '/training/storm/x',
  ])
    expect(trainingOf(other)).toBeNull();
  expect(isPuzzleId('abc12Z')).toBe(true);
  expect(isPuzzleId('abc12')).toBe(false);
  expect(isPuzzleId('abc-12')).toBe(false);
});

test('the next combo that gives time', () => {
  expect([0, 5, 11, 12, 19, 20, 29, 30, 31].map(nextBonusAt)).toEqual([
    5, 12, 12, 20, 20, 30, 30, 40, 40,
  ]);
});

test("the storm's clock: started by the first move, penalties, bonuses, the end", () => {
  const c = new StormClock(180);
  expect(c.left(0)).toBe(180_000);
  expect(c.over(1e12)).toBe(false);
  c.wrong(1000);
  expect(c.startedAt).toBe(1000);
  expect(c.left(1000)).toBe(170_000);
  expect(c.lastChange).toBe(-10);
  expect(c.combo).toBe(0);
  for (let i = 0; i < 5; i++) c.right(2000, i % 2 === 1);
  expect(c.combo).toBe(5);
  expect(c.score).toBe(2);
  // Right moves only (what a storm's claim counts).
  expect(c.moves).toBe(5);
  expect(c.errors).toBe(1);
  expect(c.lastChange).toBe(3);
  expect(c.left(2000)).toBe(172_000);
  c.wrong(3000);
  expect(c.combo).toBe(0);
  expect(c.best).toBe(5);
  expect(c.over(1000 + 163_000)).toBe(true);
  expect(c.time(1e9)).toBe(163);
  // No move counts once the time is up.
  c.right(1e9, true);
  expect(c.score).toBe(2);
});
