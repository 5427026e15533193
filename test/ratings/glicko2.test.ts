/**
 * Glicko-2 against Glickman's worked example, an independent implementation (glicko2-lite) on
 * random games with the paper's rating periods, lichess's rating calculator (no period per game)
 * and lichess's inactivity figure.
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

/** The paper's tau, a rating period per rating and no RD bounds, to reproduce its figures. */
const PAPER = { tau: 0.5, minRd: 0, maxRd: Infinity, periodPerRating: true };

/** lichess's calculator shows one decimal, cut (not rounded). */
const cut = (x: number) => Math.floor(x * 10) / 10;

test("lichess's calculator: 1200/60/0.053 beats 1850/200/0.062 -> 1216.7/59.9 and 1636/196.9", () => {
  const { white, black } = rateGame(
    { rating: 1200, rd: 60, vol: 0.053 },
    { rating: 1850, rd: 200, vol: 0.062 },
    1,
  );
  expect(cut(white.rating)).toBe(1216.7);
  expect(cut(white.rd)).toBe(59.9);
  expect(Math.round(black.rating)).toBe(1636);
  expect(cut(black.rd)).toBe(196.9);
  // The paper's step 6 (a period per game) gives other figures: RD would not fall as far.
  const paper = rate(
    { rating: 1200, rd: 60, vol: 0.053 },
    [{ opponent: { rating: 1850, rd: 200, vol: 0.062 }, score: 1 }],
    { ...LICHESS, periodPerRating: true },
  );
  expect(cut(paper.rd)).toBe(60.5);
});

test('40 draws in a row between newcomers: RD 59 (77 with a period per game), 45 from the 66th', () => {
  let a: Glicko = DEFAULT_RATING;
  let b: Glicko = DEFAULT_RATING;
  let p: Glicko = DEFAULT_RATING;
  const rds: number[] = [];
  for (let game = 1; game <= 70; game++) {
    // Back to back (10+0 games): no time for RD to grow between them.
    ({ white: a, black: b } = rateGame(a, b, 0.5));
    rds.push(a.rd);
    if (game <= 40) p = rateGame(p, p, 0.5, { ...LICHESS, periodPerRating: true }).white;
  }
  expect(Math.round(p.rd)).toBe(77);
  expect(Math.round(rds[39])).toBe(59);
  expect(rds.findIndex((rd) => rd === 45) + 1).toBe(66);
});

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
