/**
 * The tournament pages' reckoning (client/src/pages/tournament/tournament-rules.ts): the
 * standings shown with an update's changed lines merged in, the pages, the countdowns, a sheet.
 */
import type { Standing } from '../../src/common/protocol.js';
import {
  countdown,
  countdownText,
  mergeStandings,
  pageCount,
  sheetGames,
} from '../../client/src/pages/tournament/tournament-rules.js';

const line = (playerId: string, rank: number, score: number): Standing => ({
  rank,
  playerId,
  name: playerId,
  rating: 1500,
  score,
  sheet: '',
  fire: false,
  games: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  performance: null,
  status: 'active',
  matchId: null,
});

const ids = (xs: Standing[]) => xs.map((s) => `${s.playerId}${s.rank}:${s.score}`);

describe('mergeStandings', () => {
  const shown = [line('a', 1, 4), line('b', 2, 2), line('c', 3, 0)];

  test('a changed line replaces the player’s and the page is ordered by rank again', () => {
    expect(
      ids(mergeStandings(shown, [line('c', 1, 6), line('a', 2, 4), line('b', 3, 2)], 1, 20)),
    ).toEqual(['c1:6', 'a2:4', 'b3:2']);
  });

  test('a new player joins the page; nothing changed leaves it as it was', () => {
    expect(ids(mergeStandings(shown, [line('d', 4, 0)], 1, 20))).toEqual([
      'a1:4',
      'b2:2',
      'c3:0',
      'd4:0',
    ]);
    expect(ids(mergeStandings(shown, [], 1, 20))).toEqual(ids(shown));
  });

  test.each([
    // A line ranked off the page goes; one ranked onto it comes.
    [1, 2, [line('c', 1, 6), line('b', 3, 2)], ['c1:6', 'a1:4']],
    [2, 2, [line('c', 1, 6), line('b', 3, 2)], ['b3:2']],
  ])('page %i, %i a page', (page, perPage, changed, expected) => {
    const on = page === 1 ? shown.slice(0, 2) : shown.slice(2);
    expect(ids(mergeStandings(on, changed, page, perPage))).toEqual(expected);
  });
});

test.each([
  [0, 20, 1],
  [20, 20, 1],
  [21, 20, 2],
  [45, 20, 3],
])('%i players, %i a page: %i pages', (total, perPage, pages) => {
  expect(pageCount(total, perPage)).toBe(pages);
});

test.each([
  [-5000, '0:00'],
  [0, '0:00'],
  [1, '0:01'],
  [65_000, '1:05'],
  [3_723_000, '1:02:03'],
])('%i ms left: %s', (ms, text) => {
  expect(countdownText(ms)).toBe(text);
});

test('a tournament counts down to its start, then its end, then to nothing', () => {
  const t = { startsAt: '2026-01-01T10:00:00Z', endsAt: '2026-01-01T10:30:00Z' };
  const now = Date.parse('2026-01-01T09:59:00Z');
  expect(countdown({ ...t, status: 'created' }, now)).toEqual({ to: 'start', ms: 60_000 });
  expect(countdown({ ...t, status: 'started' }, now)).toEqual({ to: 'end', ms: 31 * 60_000 });
  expect(countdown({ ...t, status: 'finished' }, now)).toBeNull();
});

test('a sheet game by game, the doubled ones marked', () => {
  expect(sheetGames('2 2 4* 0')).toEqual([
    { points: '2', fire: false },
    { points: '2', fire: false },
    { points: '4', fire: true },
    { points: '0', fire: false },
  ]);
  expect(sheetGames('')).toEqual([]);
});
