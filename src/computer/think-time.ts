/**
 * How long the computer thinks on a move: its level's time, or less when its clock says so
 * (about a 30th of what is left plus most of the increment), always leaving a reserve for the
 * trip through the pool and the database. Pure, so it is tested with a table.
 */
export interface ComputerClock {
  /** Milliseconds left on the computer's clock now. */
  left: number;
  increment: number;
}

/** Kept back for the queue, the write and the broadcast (ms). */
const RESERVE = 150;
const MIN_THINK = 5;

export function thinkTime(levelMs: number, clock: ComputerClock | null): number {
  if (clock === null) return levelMs;
  const share = clock.left / 30 + (clock.increment * 3) / 4;
  const safe = clock.left > 4 * RESERVE ? clock.left - RESERVE : clock.left / 4;
  return Math.max(MIN_THINK, Math.floor(Math.min(levelMs, share, safe)));
}
