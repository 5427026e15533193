/** TV's rule (src/tv/tv-rules.ts): which live game each channel features, and from which side. */
import {
  clockSeconds,
  compareFeatured,
  onChannel,
  orientationOf,
  pickFeatured,
  type LiveGame,
} from '../../src/tv/tv-rules.js';

const T0 = Date.parse('2026-11-27T12:00:00Z');

function game(id: string, over: Partial<LiveGame> & { w?: number | null; b?: number | null } = {}) {
  const { w = 1500, b = 1500, ...rest } = over;
  const g: LiveGame = {
    id,
    variant: 'international',
    correspondence: false,
    createdAt: T0,
    white: { playerId: w === null ? null : `${id}-w`, rating: w },
    black: { playerId: b === null ? null : `${id}-b`, rating: b },
    ...rest,
  };
  return g;
}

describe('pickFeatured', () => {
  const cases: [string, LiveGame[], string, string | null][] = [
    ['no game: nothing', [], 'best', null],
    ['one game', [game('a')], 'best', 'a'],
    ['the higher sum of ratings', [game('a', { w: 1600 }), game('b', { w: 1700 })], 'best', 'b'],
    [
      'people before the computer, whatever the ratings',
      [game('a', { w: 2400, b: null }), game('b', { w: 1000, b: 1000 })],
      'best',
      'b',
    ],
    [
      'between computer games: the person rated higher',
      [game('a', { w: 1400, b: null }), game('b', { w: null, b: 1600 })],
      'best',
      'b',
    ],
    [
      'a tie: the game that started first',
      [game('a', { createdAt: T0 + 1000 }), game('b', { createdAt: T0 })],
      'best',
      'b',
    ],
    ['a tie at the same instant: the smaller id', [game('b'), game('a')], 'best', 'a'],
    [
      'correspondence is not live',
      [game('a', { w: 2500, correspondence: true }), game('b')],
      'best',
      'b',
    ],
    ['only correspondence: nothing', [game('a', { correspondence: true })], 'best', null],
    [
      "a variant's channel: that variant's games only",
      [game('a', { w: 2500, variant: 'brazilian' }), game('b')],
      'international',
      'b',
    ],
    ['best: every variant', [game('a', { w: 2500, variant: 'brazilian' }), game('b')], 'best', 'a'],
    ['a channel with no game of its variant', [game('a')], 'russian', null],
  ];
  test.each(cases)('%s', (_, games, key, expected) => {
    expect(pickFeatured(games, key as never)?.id ?? null).toBe(expected);
  });
});

test('compareFeatured is an order: antisymmetric, zero only for the same game', () => {
  const games = [
    game('a'),
    game('b', { w: 1700 }),
    game('c', { b: null }),
    game('d', { createdAt: T0 - 1 }),
  ];
  for (const x of games)
    for (const y of games) {
      expect(Math.sign(compareFeatured(x, y)) + Math.sign(compareFeatured(y, x))).toBe(0);
      if (x !== y) expect(compareFeatured(x, y)).not.toBe(0);
    }
});

test.each([
  ['international', 'international', true],
  ['international', 'best', true],
  ['international', 'brazilian', false],
] as const)('a %s game on channel %s: %s', (variant, key, expected) => {
  expect(onChannel(game('a', { variant }), key)).toBe(expected);
});

test.each([
  ['white rated higher', 1600, 1500, 'white'],
  ['black rated higher', 1500, 1600, 'black'],
  ['a tie: white', 1500, 1500, 'white'],
  ['the computer plays black: the person, white', 1200, null, 'white'],
  ['the computer plays white: the person, black', null, 1200, 'black'],
] as const)('orientation: %s', (_, w, b, expected) => {
  expect(orientationOf(game('a', { w, b }))).toBe(expected);
});

test.each([
  [180_000, 180],
  [59_999, 59],
  [999, 0],
  [-5, 0],
])('clockSeconds(%i) = %i', (ms, s) => {
  expect(clockSeconds(ms)).toBe(s);
});
