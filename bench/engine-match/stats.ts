/**
 * Match statistics: the score, the Elo difference it means, and a 95% interval from the
 * per-game score's variance (wins, draws and losses as they came: a trinomial, not a coin).
 */
export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

export const games = (t: Tally): number => t.wins + t.draws + t.losses;

export function score(t: Tally): number {
  const n = games(t);
  return n === 0 ? 0.5 : (t.wins + t.draws / 2) / n;
}

/** Elo difference for an expected score s (logistic model); infinite at 0% or 100%. */
export function eloOf(s: number): number {
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  const e = -400 * Math.log10(1 / s - 1);
  return e === 0 ? 0 : e; // never -0
}

/**
 * The Elo difference and its 95% interval (normal approximation of the mean score). A clean
 * sweep has no variance to approximate: its bound is the exact binomial one instead (n wins in
 * n games happen with probability p^n, so p >= 0.025^(1/n) at 95%, two-sided), and the
 * other end is infinite.
 */
export function elo(t: Tally): { elo: number; low: number; high: number; score: number } {
  const n = games(t);
  const s = score(t);
  if (n === 0) return { elo: 0, low: -Infinity, high: Infinity, score: s };
  const bound = 0.025 ** (1 / n);
  if (t.wins === n) return { elo: Infinity, low: eloOf(bound), high: Infinity, score: s };
  if (t.losses === n) return { elo: -Infinity, low: -Infinity, high: eloOf(1 - bound), score: s };
  const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n;
  const margin = 1.959964 * Math.sqrt(variance / n);
  return {
    elo: eloOf(s),
    low: eloOf(Math.max(0, s - margin)),
    high: eloOf(Math.min(1, s + margin)),
    score: s,
  };
}

export function formatElo(t: Tally): string {
  const e = elo(t);
  const f = (x: number) =>
    Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf';
  return `${t.wins}W/${t.draws}D/${t.losses}L, ${(100 * e.score).toFixed(1)}%, Elo ${f(e.elo)} [${f(e.low)}, ${f(e.high)}]`;
}

/**
 * The score's 95% interval (normal approximation, the trinomial variance as in elo()), clamped
 * to [0, 1]; a clean sweep takes the exact binomial bound instead.
 */
export function scoreInterval(t: Tally): [number, number] {
  const n = games(t);
  const s = score(t);
  if (n === 0) return [0, 1];
  const bound = 0.025 ** (1 / n);
  if (t.wins === n) return [bound, 1];
  if (t.losses === n) return [0, 1 - bound];
  const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n;
  const margin = 1.959964 * Math.sqrt(variance / n);
  return [Math.max(0, s - margin), Math.min(1, s + margin)];
}

/**
 * The sequential probability ratio test fishtest runs (its trinomial GSPRT): the log-likelihood
 * ratio of "the difference is elo1" against "it is elo0" given the tally, and the verdict at
 * error rates alpha = beta = 0.05 (bounds +-2.94): H1 accepted above, H0 below, else play on.
 * A test of a change stops as soon as the evidence is enough, so fewer games decide a big gain.
 */
export function sprt(
  t: Tally,
  elo0: number,
  elo1: number,
): { llr: number; lower: number; upper: number; verdict: 'H1' | 'H0' | 'continue' } {
  const lower = Math.log(0.05 / 0.95);
  const upper = Math.log(0.95 / 0.05);
  const n = games(t);
  const s = score(t);
  const variance =
    n === 0 ? 0 : (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n;
  if (n === 0 || variance === 0) return { llr: 0, lower, upper, verdict: 'continue' };
  const expected = (e: number) => 1 / (1 + 10 ** (-e / 400));
  const s0 = expected(elo0);
  const s1 = expected(elo1);
  const llr = (n * (s1 - s0) * (2 * s - s0 - s1)) / (2 * variance);
  return { llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue' };
}
