/**
 * A storm's clock and score as the page runs it, on the storm's rules (src/puzzles/storm-rules.ts,
 * which the server checks a score with): 3 minutes from the first move, a mistake costs 10 s and
 * breaks the combo, combos give time back. Time is given (ms), never read here.
 */
import {
  COMBO_BONUSES,
  COMBO_EVERY,
  STORM_SECONDS,
  STORM_START,
  stormMove,
  stormRemainingMs,
  type StormState,
} from '../../../../src/puzzles/storm-rules.js';

/** The next combo that gives time, after `combo`. */
export function nextBonusAt(combo: number): number {
  for (const [at] of COMBO_BONUSES) if (combo < at) return at;
  const [lastAt] = COMBO_BONUSES[COMBO_BONUSES.length - 1];
  return lastAt + (Math.floor((combo - lastAt) / COMBO_EVERY) + 1) * COMBO_EVERY;
}

export class StormClock {
  state: StormState = STORM_START;
  startedAt: number | null = null;
  /** The last change of time (a bonus, a penalty) in seconds, to show. */
  lastChange: number | null = null;
  /** The run's own length (the server's answer), in place of STORM_SECONDS. */
  private readonly extraMs: number;

  constructor(seconds = STORM_SECONDS) {
    this.extraMs = (seconds - STORM_SECONDS) * 1000;
  }

  get score(): number {
    return this.state.score;
  }
  /** Right moves (a storm's claim counts those). */
  get moves(): number {
    return this.state.moves;
  }
  get errors(): number {
    return this.state.errors;
  }
  get combo(): number {
    return this.state.combo;
  }
  get best(): number {
    return this.state.bestCombo;
  }

  /** Started by the first move. */
  start(now: number): void {
    this.startedAt ??= now;
  }

  /** The time left (ms): the whole time before the start. */
  left(now: number): number {
    const elapsed = this.startedAt === null ? 0 : now - this.startedAt;
    return Math.max(0, stormRemainingMs(this.state, elapsed) + this.extraMs);
  }

  over(now: number): boolean {
    return this.startedAt !== null && this.left(now) === 0;
  }

  /** A right move (the puzzle goes on or is solved: `solved`). */
  right(now: number, solved: boolean): void {
    this.move(now, true, solved);
  }

  /** A wrong move: the time's penalty, the combo broken. */
  wrong(now: number): void {
    this.move(now, false, false);
  }

  private move(now: number, right: boolean, solved: boolean): void {
    if (this.over(now)) return;
    this.start(now);
    const before = this.state.adjustMs;
    this.state = stormMove(this.state, right, solved);
    const change = (this.state.adjustMs - before) / 1000;
    this.lastChange = change === 0 ? null : change;
  }

  /** The seconds played (for the run's end): until now, or until the time ran out. */
  time(now: number): number {
    if (this.startedAt === null) return 0;
    const total = STORM_SECONDS * 1000 + this.state.adjustMs + this.extraMs;
    return Math.round((Math.min(now, this.startedAt + total) - this.startedAt) / 1000);
  }
}
