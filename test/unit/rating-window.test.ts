import {
  pairByRating,
  ratingWindow,
  type RatedTicket,
} from '../../src/matchmaking/rating-window.js';

const t = (id: string, rating: number, since = 0): RatedTicket => ({ id, rating, since });
const ids = (pairs: [RatedTicket, RatedTicket][]) => pairs.map(([a, b]) => `${a.id}-${b.id}`);

test.each([
  [0, 100],
  [15_000, 300],
  [30_000, 500],
  [44_999, 500],
  [45_000, Infinity],
])('after %i ms the window is +-%d', (ms, window) => {
  expect(ratingWindow(ms)).toBe(window);
});

test('players within +-100 pair at once; farther ones wait', () => {
  const now = 1_000;
  expect(ids(pairByRating([t('a', 1500, now), t('b', 1590, now)], now))).toEqual(['a-b']);
  expect(pairByRating([t('a', 1500, now), t('b', 1650, now)], now)).toEqual([]);
});

test('the window widens with the older ticket’s wait, then anyone', () => {
  const tickets = [t('old', 1500, 0), t('new', 1880, 20_000)];
  expect(pairByRating(tickets, 20_000)).toEqual([]); // old waited 20 s: +-366
  expect(ids(pairByRating(tickets, 25_000))).toEqual(['old-new']); // 25 s: +-433
  expect(ids(pairByRating([t('a', 900, 0), t('b', 2400, 0)], 45_000))).toEqual(['a-b']);
});

test('oldest first, each with the closest rating; every ticket at most once', () => {
  const now = 10_000;
  const tickets = [
    t('a', 1500, 0),
    t('b', 1560, 1_000),
    t('c', 1530, 2_000),
    t('d', 1600, 3_000),
    t('e', 2500, 4_000),
  ];
  const pairs = pairByRating(tickets, now);
  expect(ids(pairs)).toEqual(['a-c', 'b-d']);
  const seen = pairs.flat().map((x) => x.id);
  expect(new Set(seen).size).toBe(seen.length);
});
