/** The match statistics and the ballot deck the strength benchmarks use. */
import { BALLOTS } from '../../bench/engine-match/ballots.js';
import { elo, eloOf, score, scoreInterval, sprt } from '../../bench/engine-match/stats.js';
import { advance, parseMoveText, Position, startProgress } from '../../src/rules/index.js';

test.each([
  [0.5, 0],
  [0.64, 100],
  [0.76, 200],
  [0.85, 301],
  [0.91, 402],
])('score %d is about %d Elo', (s, e) => {
  expect(Math.round(eloOf(s))).toBe(e);
});

test('a tally: the score, and an interval that contains it and narrows with games', () => {
  const small = { wins: 6, draws: 3, losses: 1 };
  const large = { wins: 60, draws: 30, losses: 10 };
  expect(score(small)).toBe(0.75);
  const a = elo(small);
  const b = elo(large);
  expect(a.elo).toBeCloseTo(eloOf(0.75), 9);
  expect(a.low).toBeLessThan(a.elo);
  expect(a.high).toBeGreaterThan(a.elo);
  expect(b.high - b.low).toBeLessThan(a.high - a.low);
  // 60/30/10: per-game variance (60 x 0.25^2 + 30 x 0.25^2 + 10 x 0.75^2) / 100 = 0.1125, so
  // the mean's 95% margin is 1.96 x sqrt(0.1125 / 100) = 0.0657 in score.
  expect(b.high).toBeCloseTo(eloOf(0.75 + 0.065739), 1);
  expect(b.low).toBeCloseTo(eloOf(0.75 - 0.065739), 1);
  expect(elo({ wins: 0, draws: 10, losses: 0 })).toMatchObject({ elo: 0, low: 0, high: 0 });
});

test('a clean sweep: an exact lower bound (p^n = 2.5%), not an empty interval', () => {
  // 42 wins of 42: the score is at least 0.025^(1/42) = 0.9159 at 95%, about +415 Elo.
  const sweep = elo({ wins: 42, draws: 0, losses: 0 });
  expect(sweep.elo).toBe(Infinity);
  expect(sweep.high).toBe(Infinity);
  expect(sweep.low).toBeCloseTo(eloOf(0.025 ** (1 / 42)), 9);
  expect(Math.round(sweep.low)).toBe(415);
  const lost = elo({ wins: 0, draws: 0, losses: 42 });
  expect(lost.low).toBe(-Infinity);
  expect(lost.high).toBeCloseTo(-sweep.low, 9);
});

test('156 ACF ballots, all different, each three legal plies from the start', () => {
  expect(BALLOTS).toHaveLength(156);
  expect(new Set(BALLOTS.map((b) => b.moves.join(' '))).size).toBe(156);
  expect(new Set(BALLOTS.map((b) => b.acf)).size).toBe(156);
  for (const b of BALLOTS) {
    let game = startProgress(Position.initial('english'));
    for (const text of b.moves) {
      const m = parseMoveText(game.position, text);
      expect([b.acf, text, m.ok]).toEqual([b.acf, text, true]);
      if (m.ok) game = advance(game, m.value);
    }
  }
});

test('the score interval: contains the score, narrows with games, exact at a sweep', () => {
  const [lo, hi] = scoreInterval({ wins: 60, draws: 30, losses: 10 });
  expect(lo).toBeCloseTo(0.75 - 0.065739, 4);
  expect(hi).toBeCloseTo(0.75 + 0.065739, 4);
  const [slo, shi] = scoreInterval({ wins: 6, draws: 3, losses: 1 });
  expect(shi - slo).toBeGreaterThan(hi - lo);
  // 10 wins in 10: p^10 >= 0.025 at 95%, so p >= 0.6915.
  expect(scoreInterval({ wins: 10, draws: 0, losses: 0 })[0]).toBeCloseTo(0.6915, 3);
  expect(scoreInterval({ wins: 10, draws: 0, losses: 0 })[1]).toBe(1);
  expect(scoreInterval({ wins: 0, draws: 0, losses: 10 })[1]).toBeCloseTo(1 - 0.6915, 3);
  expect(scoreInterval({ wins: 0, draws: 0, losses: 0 })).toEqual([0, 1]);
});

test('the SPRT accepts a clear gain, rejects a clear loss, and plays on when unsure', () => {
  // 47W/31D/22L: s = 0.625, per-game variance 0.15687; against [0, 50] Elo (s0 0.5, s1 0.57146)
  // the LLR is 100 x 0.07146 x (1.25 - 1.07146) / (2 x 0.15687) = 4.067.
  const gain = sprt({ wins: 47, draws: 31, losses: 22 }, 0, 50);
  expect(gain.llr).toBeCloseTo(4.067, 2);
  expect(gain.verdict).toBe('H1');
  expect(sprt({ wins: 22, draws: 31, losses: 47 }, 0, 50).verdict).toBe('H0');
  expect(sprt({ wins: 12, draws: 10, losses: 10 }, 0, 50).verdict).toBe('continue');
  expect(sprt({ wins: 0, draws: 0, losses: 0 }, 0, 50)).toMatchObject({
    llr: 0,
    verdict: 'continue',
  });
  expect(gain.lower).toBeCloseTo(-2.944, 3);
  expect(gain.upper).toBeCloseTo(2.944, 3);
});
