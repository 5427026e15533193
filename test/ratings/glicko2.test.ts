/**
 * Glicko-2 against Glickman's worked example, an independent implementation (glicko2-lite) on
 * random games, and lichess's inactivity figure.
 */
import rateLite from 'glicko2-lite';
import { mulberry32 } from '../../src/engine/random.js';
import {
  afterInactivity,
  DEFAULT_RATING,
  isProvisional,
  LICHESS,
  rate,
  rateGame,
  type GameScore,
  type Glicko,
} from '../../src/ratings/glicko2.js';
import { speedOf } from '../../src/ratings/speed.js';

/** The paper's tau and no RD bounds, to reproduce its figures. */
const PAPER = { tau: 0.5, minRd: 0, maxRd: Infinity };

test("Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300", () => {
  const r = rate(
    { rating: 1500, rd: 200, vol: 0.06 },
    [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ],
    PAPER,
  );
  expect(r.rating).toBeCloseTo(1464.0507, 4);
  expect(r.rd).toBeCloseTo(151.5165, 4);
  expect(r.vol).toBeCloseTo(0.059996, 6);
});

test('1,000 random games agree with glicko2-lite within 1e-9', () => {
  const rng = mulberry32(20261124);
  const unit = (): number => (rng() >>> 0) / 2 ** 32;
  const player = (): Glicko => ({
    rating: 800 + unit() * 1800,
    rd: 45 + unit() * 455,
    vol: 0.04 + unit() * 0.06,
  });
  let worst = 0;
  for (let i = 0; i < 1000; i++) {
    const a = player();
    const b = player();
    const score = ([0, 0.5, 1] as const)[(rng() >>> 0) % 3] as GameScore;
    const ours = rate(a, [{ opponent: b, score }], PAPER);
    const theirs = rateLite(a.rating, a.rd, a.vol, [[b.rating, b.rd, score]], { tau: 0.5 });
    worst = Math.max(
      worst,
      Math.abs(ours.rating - theirs.rating),
      Math.abs(ours.rd - theirs.rd),
      Math.abs(ours.vol - theirs.vol),
    );
  }
  expect(worst).toBeLessThan(1e-9);
});

test('RD 60 grows to 110 +- 0.5 in 365 days without games (volatility 0.06)', () => {
  const r = afterInactivity({ rating: 1800, rd: 60, vol: 0.06 }, 365);
  expect(Math.abs(r.rd - 110)).toBeLessThan(0.5);
  expect(r.rating).toBe(1800);
});

test("lichess's bounds: RD never under 45 nor over 500, provisional from 110", () => {
  // Nearly no volatility: a game would take RD under 45 (it does without the floor).
  const steady: Glicko = { rating: 1500, rd: 45.2, vol: 0.0001 };
  expect(
    rate(steady, [{ opponent: steady, score: 0.5 }], { ...LICHESS, minRd: 0 }).rd,
  ).toBeLessThan(45);
  expect(rateGame(steady, steady, 0.5).white.rd).toBe(45);
  expect(afterInactivity(DEFAULT_RATING, 10_000).rd).toBe(500);
  expect(isProvisional(DEFAULT_RATING)).toBe(true);
  expect(isProvisional({ rating: 1500, rd: 109.9, vol: 0.06 })).toBe(false);
});

test('a game moves both ratings in opposite directions, a newcomer more than a regular', () => {
  const regular: Glicko = { rating: 1500, rd: 60, vol: 0.06 };
  const { white, black } = rateGame(DEFAULT_RATING, regular, 1);
  expect(white.rating).toBeGreaterThan(1500);
  expect(black.rating).toBeLessThan(1500);
  expect(white.rating - 1500).toBeGreaterThan(10 * (1500 - black.rating));
});

test.each([
  [null, false, 'untimed'],
  [null, true, 'correspondence'],
  [{ initial: 60_000, increment: 0 }, false, 'bullet'],
  [{ initial: 120_000, increment: 1_000 }, false, 'bullet'], // 2:00 + 40 s = 2:40
  [{ initial: 180_000, increment: 0 }, false, 'blitz'],
  [{ initial: 180_000, increment: 2_000 }, false, 'blitz'], // 4:20
  [{ initial: 300_000, increment: 5_000 }, false, 'rapid'], // 8:20
  [{ initial: 900_000, increment: 10_000 }, false, 'rapid'], // 21:40
  [{ initial: 1_500_000, increment: 0 }, false, 'classical'],
  [{ initial: 1_800_000, increment: 20_000 }, false, 'classical'],
] as const)('speed of %j (correspondence %s): %s', (clock, corr, speed) => {
  expect(speedOf(clock, corr)).toBe(speed);
});
