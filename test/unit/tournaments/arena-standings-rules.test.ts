/**
 * Arena standings (src/tournaments/arena/arena-standings-rules.ts): score, then performance (or
 * rating), then who reached the score first, then the name; lila's performance rating.
 */
import {
  addToTally,
  EMPTY_TALLY,
  performanceRating,
  podium,
  rankStandings,
  type ArenaStandingEntry,
  type PerformanceTally,
} from '../../../src/tournaments/arena/arena-standings-rules.js';

const T = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));

function e(id: string, over: Partial<ArenaStandingEntry> = {}): ArenaStandingEntry {
  return {
    id,
    name: id,
    score: 0,
    rating: 1500,
    games: 0,
    wins: 0,
    losses: 0,
    opponentRatingSum: 0,
    scoreReachedAt: null,
    ...over,
  };
}

describe('performanceRating', () => {
  test.each<[string, PerformanceTally, number | null]>([
    ['no games', EMPTY_TALLY, null],
    ['two games: too few', { games: 2, wins: 2, losses: 0, opponentRatingSum: 3000 }, null],
    [
      'three draws: the opponents average',
      { games: 3, wins: 0, losses: 0, opponentRatingSum: 4500 },
      1500,
    ],
    ['three wins: + 500', { games: 3, wins: 3, losses: 0, opponentRatingSum: 4500 }, 2000],
    ['three losses: - 500', { games: 3, wins: 0, losses: 3, opponentRatingSum: 4500 }, 1000],
    [
      '2 wins 1 loss over 4: + 125',
      { games: 4, wins: 2, losses: 1, opponentRatingSum: 6000 },
      1625,
    ],
    ['rounded', { games: 3, wins: 1, losses: 0, opponentRatingSum: 4501 }, 1667],
  ])('%s', (_name, tally, perf) => {
    expect(performanceRating(tally)).toBe(perf);
  });

  test('the tally adds each game', () => {
    let t = EMPTY_TALLY;
    t = addToTally(t, 1600, 'win');
    t = addToTally(t, 1400, 'loss');
    t = addToTally(t, 1500, 'draw');
    expect(t).toEqual({ games: 3, wins: 1, losses: 1, opponentRatingSum: 4500 });
    expect(performanceRating(t)).toBe(1500);
  });
});

describe('rankStandings', () => {
  const played = { games: 3, wins: 1, losses: 1, opponentRatingSum: 4500 };
  test.each<[string, ArenaStandingEntry[], string[]]>([
    [
      'by score',
      [e('a', { score: 2 }), e('b', { score: 5 }), e('c', { score: 3 })],
      ['b', 'c', 'a'],
    ],
    [
      'equal scores: the better performance',
      [e('a', { score: 4, ...played }), e('b', { score: 4, ...played, opponentRatingSum: 4800 })],
      ['b', 'a'],
    ],
    [
      'no performance yet: the rating stands in',
      [e('a', { score: 4, rating: 1400 }), e('b', { score: 4, rating: 1700 })],
      ['b', 'a'],
    ],
    [
      'a performance against a rating',
      [e('a', { score: 4, rating: 1900 }), e('b', { score: 4, rating: 2100, ...played })],
      ['a', 'b'],
    ],
    [
      'then whoever reached the score first',
      [e('a', { score: 4, scoreReachedAt: T(30) }), e('b', { score: 4, scoreReachedAt: T(10) })],
      ['b', 'a'],
    ],
    [
      'a score reached beats none (at 0 points)',
      [e('a'), e('b', { scoreReachedAt: T(5) })],
      ['b', 'a'],
    ],
    ['then the name', [e('b', { name: 'zed' }), e('a', { name: 'amy' })], ['a', 'b']],
    ['then the id', [e('b', { name: 'same' }), e('a', { name: 'same' })], ['a', 'b']],
  ])('%s', (_name, entries, order) => {
    const ranked = rankStandings(entries);
    expect(ranked.map((r) => r.id)).toEqual(order);
    expect(ranked.map((r) => r.rank)).toEqual(order.map((_, i) => i + 1));
  });

  test('each row carries its performance', () => {
    const [row] = rankStandings([e('a', { score: 2, ...played })]);
    expect(row).toMatchObject({ rank: 1, performance: 1500 });
  });
});

describe('podium', () => {
  test('the first three who played', () => {
    const ranked = rankStandings([
      e('a', { score: 9, games: 5 }),
      e('b', { score: 7, games: 5 }),
      e('c', { score: 0, games: 0, rating: 2500 }),
      e('d', { score: 0, games: 2 }),
      e('e', { score: 0, games: 1 }),
    ]);
    expect(podium(ranked).map((r) => r.id)).toEqual(['a', 'b', 'd']);
  });

  test('fewer than three players', () => {
    expect(podium(rankStandings([e('a', { score: 2, games: 1 })])).map((r) => r.id)).toEqual(['a']);
  });
});
