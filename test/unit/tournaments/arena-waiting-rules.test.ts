/**
 * When an arena pairs a wave (src/tournaments/arena/arena-waiting-rules.ts): lila's wait by clock,
 * the first games at once, the latest arrival sitting out an odd wave.
 */
import {
  shouldPairWave,
  waitSeconds,
  waveCandidates,
  type Waiting,
} from '../../../src/tournaments/arena/arena-waiting-rules.js';

const NOW = new Date('2026-11-27T10:30:00Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000);
const clock = (minutes: number, inc = 0) => ({ initial: minutes * 60_000, increment: inc * 1000 });

test.each<[number, number, number]>([
  [0.25, 0, 8],
  [0.75, 0, 10],
  [1, 0, 15],
  [3, 0, 24],
  [5, 0, 36],
  [10, 0, 50],
  [3, 2, 32],
])('%d+%d waits %i s', (minutes, inc, s) => {
  expect(waitSeconds(clock(minutes, inc))).toBe(s);
});

describe('shouldPairWave', () => {
  const w = (id: string, s: number): Waiting => ({ id, since: ago(s) });
  test.each<[string, Waiting[], boolean, boolean]>([
    ['one waiting', [w('a', 100)], false, false],
    ['before any game: two at once', [w('a', 0), w('b', 0)], false, true],
    ['later: two fresh arrivals wait', [w('a', 1), w('b', 2)], true, false],
    ['later: one waited enough, not two', [w('a', 30), w('b', 2)], true, false],
    ['later: two waited enough (3+0: 24 s)', [w('a', 30), w('b', 25), w('c', 1)], true, true],
  ])('%s', (_name, waiting, anyPaired, pair) => {
    expect(shouldPairWave({ waiting, now: NOW, clock: clock(3), anyPaired })).toBe(pair);
  });

  test('more than 100 waiting pair at once', () => {
    const many = Array.from({ length: 101 }, (_, i) => w(`p${i}`, 0));
    expect(shouldPairWave({ waiting: many, now: NOW, clock: clock(3), anyPaired: true })).toBe(
      true,
    );
    expect(
      shouldPairWave({ waiting: many.slice(1), now: NOW, clock: clock(3), anyPaired: true }),
    ).toBe(false);
  });
});

describe('waveCandidates', () => {
  test.each<[string, Waiting[], string[]]>([
    [
      'even: everyone',
      [
        { id: 'a', since: ago(5) },
        { id: 'b', since: ago(1) },
      ],
      ['a', 'b'],
    ],
    [
      'odd: the latest arrival sits out',
      [
        { id: 'a', since: ago(5) },
        { id: 'b', since: ago(1) },
        { id: 'c', since: ago(9) },
      ],
      ['a', 'c'],
    ],
    [
      'odd, two latest at once: the greater id sits out',
      [
        { id: 'b', since: ago(1) },
        { id: 'c', since: ago(1) },
        { id: 'a', since: ago(9) },
      ],
      ['b', 'a'],
    ],
  ])('%s', (_name, waiting, first) => {
    const c = waveCandidates(waiting);
    expect(c.first).toEqual(first);
    expect(c.all).toEqual(waiting.map((x) => x.id));
  });
});
