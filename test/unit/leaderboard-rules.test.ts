/**
 * The leaderboard page's address (client/src/pages/leaderboard/leaderboard-rules.ts) and the
 * figure its empty state gives: how many rated games settle a newcomer's rating.
 */
import {
  DEFAULT_POOL,
  poolOf,
  poolPath,
} from '../../client/src/pages/leaderboard/leaderboard-rules.js';
import { GAMES_TO_SETTLE, LEADERBOARD_MAX_RD } from '../../src/common/protocol.js';
import { DEFAULT_RATING, rateGame } from '../../src/ratings/glicko2.js';

test.each([
  ['/leaderboard', '', DEFAULT_POOL],
  ['/leaderboard/', '', DEFAULT_POOL],
  ['/leaderboard/international/blitz', '', { variant: 'international', speed: 'blitz' }],
  ['/leaderboard/russian/correspondence/', '', { variant: 'russian', speed: 'correspondence' }],
  ['/leaderboard/czech', '', { variant: 'czech', speed: 'blitz' }],
  ['/leaderboard', '?variant=pool&speed=rapid', { variant: 'pool', speed: 'rapid' }],
  ['/leaderboard/english', '?speed=bullet', { variant: 'english', speed: 'bullet' }],
  // Unknown parts: the default's.
  ['/leaderboard/chess/blitz', '', { variant: 'brazilian', speed: 'blitz' }],
  ['/leaderboard/italian/hyper', '', { variant: 'italian', speed: 'blitz' }],
  ['/leaderboard/a/b/c', '', DEFAULT_POOL],
])('%s%s -> %j', (path, search, pool) => {
  expect(poolOf(path, search)).toEqual(pool);
});

test('a pool has one address, which reads back as the pool', () => {
  const pool = { variant: 'international', speed: 'classical' } as const;
  expect(poolPath(pool)).toBe('/leaderboard/international/classical');
  expect(poolOf(poolPath(pool))).toEqual(pool);
});

test('GAMES_TO_SETTLE: two newcomers drawing game after game reach the leaderboard RD then', () => {
  let [a, b] = [DEFAULT_RATING, DEFAULT_RATING];
  let games = 0;
  while (a.rd > LEADERBOARD_MAX_RD) {
    ({ white: a, black: b } = rateGame(a, b, 0.5));
    games++;
  }
  expect(games).toBe(GAMES_TO_SETTLE);
});
