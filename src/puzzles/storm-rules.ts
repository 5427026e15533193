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

/**
 * The most bonus seconds `moves` correct moves can earn when no combo exceeded `combo` and
 * `errors` mistakes split them into at most errors + 1 runs: bonuses grow with the combo, so
 * the longest runs earn most.
 */
export function maxBonus(moves: number, combo: number, errors: number): number {
  if (moves <= 0 || combo <= 0) return 0;
  const full = Math.min(errors + 1, Math.floor(moves / combo));
  const rest = full < errors + 1 ? moves - full * combo : 0;
  return full * runBonus(combo) + runBonus(Math.min(rest, combo));
}

export type StormVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether a claimed run could have happened: `puzzles` is how many the run was given,
 * `elapsedSeconds` how long the server saw it last (from its start to this claim).
 */
export function stormPossible(
  c: StormClaim,
  run: { puzzles: number; elapsedSeconds: number },
): StormVerdict {
  const no = (reason: string): StormVerdict => ({ ok: false, reason });
  if (c.score > run.puzzles) return no(`${c.score} solved of ${run.puzzles} puzzles given`);
  if (c.score > c.moves) return no('more puzzles solved than moves made');
  if (c.combo > c.moves) return no('a combo longer than the moves made');
  if (c.combo * (c.errors + 1) < c.moves)
    return no(`${c.moves} moves in ${c.errors + 1} runs of at most ${c.combo}`);
  if (c.time > run.elapsedSeconds + CLOCK_SLACK_SECONDS)
    return no(`a run of ${c.time} s ended ${Math.round(run.elapsedSeconds)} s after it started`);
  const clock =
    STORM_SECONDS + maxBonus(c.moves, c.combo, c.errors) - STORM_MISTAKE_SECONDS * c.errors;
  if (c.time > clock + CLOCK_SLACK_SECONDS)
    return no(`a run of ${c.time} s, but the clock ran out after ${clock} s`);
  if (c.moves * MIN_MOVE_SECONDS > Math.min(c.time, clock) + CLOCK_SLACK_SECONDS)
    return no(`${c.moves} moves cannot be made in ${Math.min(c.time, clock)} s`);
  return { ok: true };
}
