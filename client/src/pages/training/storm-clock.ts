/**
 * PURE: a storm's clock and score (lichess's storm): 3 minutes from the first move, a mistake
 * costs 10 s and breaks the combo, a combo of 5, 12, 20 and 30 (then every 10) gives time back.
 * The bonus rule is the server's too (it refuses a score that could not have been reached).
 * Time is given (ms), never read here.
 */

export const STORM_SECONDS = 180;
export const STORM_PENALTY_S = 10;

/** The seconds a combo of `combo` solved puzzles gives when it is reached (0: none). */
export function comboBonus(combo: number): number {
  if (combo === 5) return 3;
  if (combo === 12) return 5;
  if (combo === 20) return 7;
  if (combo >= 30 && combo % 10 === 0) return 10;
  return 0;
}

/** The next combo that gives time, after `combo`. */
export function nextBonusAt(combo: number): number {
  for (const at of [5, 12, 20, 30]) if (combo < at) return at;
  return (Math.floor(combo / 10) + 1) * 10;
}

export class StormClock {
  /** When the time runs out (ms), once started. */
  endsAt: number | null = null;
  startedAt: number | null = null;
  score = 0;
  moves = 0;
  errors = 0;
  combo = 0;
  best = 0;
  /** The last change of time (a bonus, a penalty) in seconds, to show. */
  lastChange: number | null = null;

  constructor(readonly seconds = STORM_SECONDS) {}

  /** Started by the first move. */
  start(now: number): void {
    if (this.startedAt !== null) return;
    this.startedAt = now;
    this.endsAt = now + this.seconds * 1000;
  }

  /** The time left (ms): the whole time before the start. */
  left(now: number): number {
    return this.endsAt === null ? this.seconds * 1000 : Math.max(0, this.endsAt - now);
  }

  over(now: number): boolean {
    return this.endsAt !== null && now >= this.endsAt;
  }

  /** A right move (the puzzle goes on or is solved: `solved`). */
  right(now: number, solved: boolean): void {
    this.start(now);
    this.moves++;
    this.combo++;
    this.best = Math.max(this.best, this.combo);
    const bonus = comboBonus(this.combo);
    this.lastChange = bonus || null;
    if (bonus && this.endsAt !== null) this.endsAt += bonus * 1000;
    if (solved) this.score++;
  }

  /** A wrong move: the time's penalty, the combo broken. */
  wrong(now: number): void {
    this.start(now);
    this.moves++;
    this.errors++;
    this.combo = 0;
    this.lastChange = -STORM_PENALTY_S;
    if (this.endsAt !== null) this.endsAt -= STORM_PENALTY_S * 1000;
  }

  /** The seconds played (for the run's end). */
  time(now: number): number {
    if (this.startedAt === null) return 0;
    return Math.round((Math.min(now, this.endsAt ?? now) - this.startedAt) / 1000);
  }
}
