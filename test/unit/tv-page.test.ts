/** TV's page without a page: its addresses, its clocks' text, and the feed's lines as state. */
import { squaresOf, TvCtrl } from '../../client/src/pages/tv/ctrl.js';
import { channelOf, channelPath, clockText } from '../../client/src/pages/tv/tv-route.js';
import type { TvFeaturedLine } from '../../src/common/protocol.js';

test.each([
  ['/tv', 'best'],
  ['/tv/', 'best'],
  ['/tv/russian', 'russian'],
  ['/tv/russian/', 'russian'],
  ['/tv/chess', 'best'],
] as const)('the address %s is the channel %s', (path, key) => {
  expect(channelOf(path)).toBe(key);
});

test.each([
  ['best', '/tv'],
  ['international', '/tv/international'],
] as const)('the channel %s is at %s', (key, path) => {
  expect(channelPath(key)).toBe(path);
  expect(channelOf(path)).toBe(key);
});

test.each([
  [600, '10:00'],
  [59.2, '1:00'],
  [9, '0:09'],
  [0, '0:00'],
  [3_725, '1:02:05'],
])('clockText(%d) = %s', (s, text) => {
  expect(clockText(s)).toBe(text);
});

test.each([
  [null, []],
  ['32-28', [32, 28]],
  ['26x17x8', [26, 17, 8]],
] as const)('the last move %s marks %j', (lm, squares) => {
  expect(squaresOf(lm)).toEqual(squares);
});

const featured: TvFeaturedLine = {
  t: 'featured',
  d: {
    id: 'g1',
    variant: 'international',
    orientation: 'black',
    players: [
      { color: 'white', user: { id: 'w', name: 'Wes' }, rating: 1500, seconds: 300 },
      { color: 'black', user: { id: 'b', name: 'Bel' }, rating: 1600, seconds: 290 },
    ],
    fen: 'W:W31:B20',
    lm: null,
    running: 'white',
  },
};

test('the feed as state: featured, a move, the clock that runs, off', () => {
  let changes = 0;
  const ctrl = new TvCtrl('best', () => changes++);
  ctrl.apply(featured, 1_000);
  expect(ctrl.game).toMatchObject({ id: 'g1', orientation: 'black', lastMove: [] });
  expect(ctrl.secondsLeft('white', 3_500)).toBe(297.5);
  expect(ctrl.secondsLeft('black', 3_500)).toBe(290);
  ctrl.apply(
    { t: 'fen', d: { fen: 'B:W26:B20', lm: '31-26', wc: 296, bc: 290, running: 'black' } },
    5_000,
  );
  expect(ctrl.game).toMatchObject({ id: 'g1', fen: 'B:W26:B20', lastMove: [31, 26] });
  expect(ctrl.secondsLeft('white', 6_000)).toBe(296);
  expect(ctrl.secondsLeft('black', 6_000)).toBe(289);
  expect(ctrl.secondsLeft('black', 1_000_000)).toBe(0);
  ctrl.apply({ t: 'off' });
  expect(ctrl.game).toBeNull();
  expect(ctrl.off).toBe(true);
  // A fen line with no game (a feed that started after it): nothing to move on.
  ctrl.apply({ t: 'fen', d: { fen: 'W:W31:B20', lm: null, running: null } });
  expect(ctrl.game).toBeNull();
  expect(changes).toBe(3);
});
