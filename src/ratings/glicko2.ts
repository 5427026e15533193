/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) with lichess's parameters: start
 * 1500 / RD 500 / volatility 0.09, tau 0.75, RD kept within [45, 500], every game rated on its
 * own, and RD growing only with time: 0.21436 rating periods a day since the last game, never a
 * period per game (lichess skips step 6's increase when it rates a game; with it, RD would level
 * off near 75 for a player who plays every day and never reach the floor). Pure: no I/O, no
 * clock (the caller says how many days passed), so the tests can pin it to the paper's figures
 * and to lichess's.
 */
export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

export interface Glicko2Options {
  readonly tau: number;
  readonly minRd: number;
  readonly maxRd: number;
  /**
   * Step 6: RD grows by one rating period before the results count (the paper's rating period
   * with games in it). Lichess: no, RD grows with the days between games instead.
   */
  readonly periodPerRating: boolean;
}

export const DEFAULT_RATING: Glicko = { rating: 1500, rd: 500, vol: 0.09 };
export const LICHESS: Glicko2Options = {
  tau: 0.75,
  minRd: 45,
  maxRd: 500,
  periodPerRating: false,
};
/** Rating periods per day of inactivity (lichess: RD 60 grows to about 110 in a year). */
export const PERIODS_PER_DAY = 0.21436;
/** A rating is provisional ("?") while its RD is at least this. */
export const PROVISIONAL_RD = 110;
/** 400 / ln 10: the Glicko-2 scale factor. */
const SCALE = 173.7178;
const EPSILON = 1e-6;

export type GameScore = 0 | 0.5 | 1;

export interface Outcome {
  readonly opponent: Glicko;
  readonly score: GameScore;
}

/** A rating as a rated game records it at its start: rounded, with the provisional flag. */
export interface RatingAtStart {
  rating: number;
  provisional: boolean;
}

export const isProvisional = (g: Glicko): boolean => g.rd >= PROVISIONAL_RD;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

const clampRd = (rd: number, o: Glicko2Options): number => Math.min(o.maxRd, Math.max(o.minRd, rd));

/** RD after `days` without games: phi grows by the volatility once per elapsed rating period. */
export function afterInactivity(
  player: Glicko,
  days: number,
  options: Glicko2Options = LICHESS,
): Glicko {
  if (days <= 0) return player;
  const phi = player.rd / SCALE;
  const periods = days * PERIODS_PER_DAY;
  const rd = Math.sqrt(phi * phi + periods * player.vol * player.vol) * SCALE;
  return { ...player, rd: clampRd(rd, options) };
}

/** Step 5 of the paper: the new volatility, by the Illinois algorithm. */
function volatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const phi2 = phi * phi;
  const d2 = delta * delta;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const den = phi2 + v + ex;
    return (ex * (d2 - phi2 - v - ex)) / (2 * den * den) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (d2 > phi2 + v) {
    B = Math.log(d2 - phi2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The player's rating after one rating period with these outcomes (none: RD grows one period). */
export function rate(
  player: Glicko,
  outcomes: readonly Outcome[],
  options: Glicko2Options = LICHESS,
): Glicko {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  if (outcomes.length === 0) {
    const rd = Math.sqrt(phi * phi + player.vol * player.vol) * SCALE;
    return { ...player, rd: clampRd(rd, options) };
  }
  let vInv = 0;
  let sum = 0;
  for (const { opponent, score } of outcomes) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (score - e);
  }
  const v = 1 / vInv;
  const vol = volatility(player.vol, phi, v, v * sum, options.tau);
  const phiStar = options.periodPerRating ? Math.sqrt(phi * phi + vol * vol) : phi;
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return {
    rating: muNew * SCALE + 1500,
    rd: clampRd(phiNew * SCALE, options),
    vol,
  };
}

/** Both players after one game between them (white's score given), each its own period. */
export function rateGame(
  white: Glicko,
  black: Glicko,
  whiteScore: GameScore,
  options: Glicko2Options = LICHESS,
): { white: Glicko; black: Glicko } {
  return {
    white: rate(white, [{ opponent: black, score: whiteScore }], options),
    black: rate(black, [{ opponent: white, score: (1 - whiteScore) as GameScore }], options),
  };
}
