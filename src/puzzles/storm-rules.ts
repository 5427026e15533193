/**
 * Puzzle storm's rules (lichess's): a 3-minute clock, 10 s off for a mistake (which also ends the
 * combo), and time bonuses as the combo of correct moves grows: +3 s at 5, +5 s at 12, +7 s at
 * 20, +10 s at 30 and every 10 after. Pure (no Node or browser imports): the page runs the clock
 * with it and the server checks a submitted score with it.
 */

export const STORM_SECONDS = 180;
export const STORM_MISTAKE_SECONDS = 10;
/** [combo reached, seconds added]; past the last, every COMBO_EVERY more adds its seconds again. */
export const COMBO_BONUSES: readonly (readonly [number, number])[] = [
  [5, 3],
  [12, 5],
  [20, 7],
  [30, 10],
];
export const COMBO_EVERY = 10;
/**
 * The fastest a solver move can be made and shown (the reply is played in, the next puzzle
 * set up): a run claiming more moves than its time allows at this pace is refused.
 */
export const MIN_MOVE_SECONDS = 0.3;
/** What a submitted time may exceed the server's own measure of the run by (network, clocks). */
export const CLOCK_SLACK_SECONDS = 3;

/** The seconds the combo earns as it reaches `combo` (0 at most combos). */
export function comboBonus(combo: number): number {
  for (const [at, s] of COMBO_BONUSES) if (combo === at) return s;
  const [lastAt, lastS] = COMBO_BONUSES[COMBO_BONUSES.length - 1];
  return combo > lastAt && (combo - lastAt) % COMBO_EVERY === 0 ? lastS : 0;
}

/** Every bonus second a run of `n` correct moves without a mistake earns. */
export function runBonus(n: number): number {
  let total = 0;
  for (const [at, s] of COMBO_BONUSES) if (n >= at) total += s;
  const [lastAt, lastS] = COMBO_BONUSES[COMBO_BONUSES.length - 1];
  if (n > lastAt) total += Math.floor((n - lastAt) / COMBO_EVERY) * lastS;
  return total;
}

/** A run as the page keeps it: what the clock has gained and lost, the combo, the counts. */
export interface StormState {
  /** Bonuses minus penalties so far (ms): the clock shows STORM_SECONDS + this - elapsed. */
  readonly adjustMs: number;
  readonly combo: number;
  /** The longest combo of the run. */
  readonly bestCombo: number;
  /** Correct solver moves. */
  readonly moves: number;
  readonly errors: number;
  /** Puzzles solved. */
  readonly score: number;
}

export const STORM_START: StormState = {
  adjustMs: 0,
  combo: 0,
  bestCombo: 0,
  moves: 0,
  errors: 0,
  score: 0,
};

/** The run after a solver move: right (and whether it solved the puzzle) or a mistake. */
export function stormMove(s: StormState, right: boolean, solved = false): StormState {
  if (!right)
    return {
      ...s,
      combo: 0,
      errors: s.errors + 1,
      adjustMs: s.adjustMs - STORM_MISTAKE_SECONDS * 1000,
    };
  const combo = s.combo + 1;
  return {
    adjustMs: s.adjustMs + comboBonus(combo) * 1000,
    combo,
    bestCombo: Math.max(s.bestCombo, combo),
    moves: s.moves + 1,
    errors: s.errors,
    score: s.score + (solved ? 1 : 0),
  };
}

/** The clock's time left (ms, at least 0) after `elapsedMs` of the run. */
export const stormRemainingMs = (s: StormState, elapsedMs: number): number =>
  Math.max(0, STORM_SECONDS * 1000 + s.adjustMs - elapsedMs);

/** What a page submits at a run's end; `time` is the run's length in seconds. */
export interface StormClaim {
  readonly score: number;
  readonly moves: number;
  readonly errors: number;
  readonly combo: number;
  readonly time: number;
}

/** Above this much DP work, maxBonus answers a looser bound (a claim that large is refused anyway). */
const MAX_BONUS_WORK = 20_000_000;

/**
 * The most bonus seconds `moves` correct moves can earn when the best combo was exactly `combo`
 * and `errors` mistakes split them into at most errors + 1 runs. Not greedy: a run longer than
 * a bonus step earns no more than that step, so shorter runs can earn more (60 moves, best 19,
 * 4 errors: 19 + 12 + 12 + 12 + 5 earns 35 s where 19 + 19 + 19 + 3 earns 24). One run is the
 * best combo; the others are chosen among the bonus steps up to it (the moves left over go into
 * runs without earning, which fits as long as errors + 1 runs of `combo` hold every move).
 */
export function maxBonus(moves: number, combo: number, errors: number): number {
  if (moves <= 0 || combo <= 0 || combo > moves) return 0;
  const rest = moves - combo;
  // Runs under the first step earn nothing: no more of them are worth counting.
  const runs = Math.min(errors, Math.floor(rest / COMBO_BONUSES[0][0]));
  const steps = bonusSteps(combo);
  if (runs === 0 || steps.length === 0) return runBonus(combo);
  if (runs * rest * steps.length > MAX_BONUS_WORK) {
    // An upper bound: every move at the best rate of any run, and no more runs than allowed.
    const rate = Math.max(...steps.map((t) => runBonus(t) / t));
    return runBonus(combo) + Math.min(Math.floor(rest * rate), runs * runBonus(combo));
  }
  // best[s]: the most `j` runs (the loop's) of the step lengths earn using at most s moves.
  let best = new Array<number>(rest + 1).fill(0);
  for (let j = 1; j <= runs; j++) {
    const next = best.slice();
    for (let s = 0; s <= rest; s++)
      for (const t of steps)
        if (t <= s) {
          const v = best[s - t] + runBonus(t);
          if (v > next[s]) next[s] = v;
        }
    best = next;
  }
  return runBonus(combo) + best[rest];
}

/** The run lengths worth using when no run exceeds `combo`: each bonus step up to it, and it. */
function bonusSteps(combo: number): number[] {
  const out = new Set<number>();
  for (const [at] of COMBO_BONUSES) if (at <= combo) out.add(at);
  const [lastAt] = COMBO_BONUSES[COMBO_BONUSES.length - 1];
  for (let at = lastAt + COMBO_EVERY; at <= combo; at += COMBO_EVERY) out.add(at);
  if (runBonus(combo) > 0) out.add(combo);
  return [...out];
}

export type StormVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The fewest solver moves a puzzle can be solved in: its line's (moves[0] is the opponent's,
 * then solver and reply alternate), or fewer when an accepted alternative wins at once.
 */
export function minSolverMoves(p: {
  readonly moves: readonly string[];
  readonly accepted?: readonly (readonly [number, string])[];
}): number {
  let min = Math.floor(p.moves.length / 2);
  for (const [i] of p.accepted ?? []) min = Math.min(min, (i + 1) / 2);
  return min;
}

/**
 * The fewest moves `score` solved puzzles take: a mistake fails its puzzle and the next one
 * comes, so the solved are `score` of the first score + errors given, at best the shortest.
 */
export function leastMoves(minMoves: readonly number[], score: number, errors: number): number {
  const seen = minMoves.slice(0, score + errors).sort((a, b) => a - b);
  return seen.slice(0, score).reduce((s, m) => s + m, 0);
}

/**
 * Whether a claimed run could have happened: `minMoves` holds, per puzzle the run was given in
 * order, the fewest solver moves that solve it (minSolverMoves); `elapsedSeconds` is how long the
 * server saw the run last (from its start to this claim).
 */
export function stormPossible(
  c: StormClaim,
  run: { minMoves: readonly number[]; elapsedSeconds: number },
): StormVerdict {
  const no = (reason: string): StormVerdict => ({ ok: false, reason });
  const puzzles = run.minMoves.length;
  if (c.score > puzzles) return no(`${c.score} solved of ${puzzles} puzzles given`);
  const least = leastMoves(run.minMoves, c.score, c.errors);
  if (c.moves < least)
    return no(`${c.score} puzzles solved in ${c.moves} moves (${least} at least)`);
  if (c.combo > c.moves) return no('a combo longer than the moves made');
  if (c.combo * (c.errors + 1) < c.moves)
    return no(`${c.moves} moves in ${c.errors + 1} runs of at most ${c.combo}`);
  if (c.time > run.elapsedSeconds + CLOCK_SLACK_SECONDS)
    return no(`a run of ${c.time} s ended ${Math.round(run.elapsedSeconds)} s after it started`);
  // Checked before the bonus search, which grows with the moves: they must fit the time seen.
  if (c.moves * MIN_MOVE_SECONDS > c.time + CLOCK_SLACK_SECONDS)
    return no(`${c.moves} moves cannot be made in ${c.time} s`);
  // The last mistake may have ended the run the moment it was made (under 10 s left).
  const clock =
    STORM_SECONDS +
    maxBonus(c.moves, c.combo, c.errors) -
    STORM_MISTAKE_SECONDS * Math.max(0, c.errors - 1);
  if (c.time > clock + CLOCK_SLACK_SECONDS)
    return no(`a run of ${c.time} s, but the clock ran out after ${clock} s`);
  if (c.moves * MIN_MOVE_SECONDS > Math.min(c.time, clock) + CLOCK_SLACK_SECONDS)
    return no(`${c.moves} moves cannot be made in ${Math.min(c.time, clock)} s`);
  return { ok: true };
}
