/**
 * A game's speed from its estimated duration, lichess's way: initial time plus 40 increments (40
 * moves being a typical game), so 3+2 counts as 3 + 80 s = 4:20, a blitz game.
 */
import type { Speed } from '../common/protocol.js';

/** As in the protocol: milliseconds. */
export interface TimeControlLike {
  readonly initial: number;
  readonly increment: number;
}

export function speedOf(clock: TimeControlLike | null, correspondence = false): Speed {
  if (correspondence) return 'correspondence';
  if (clock === null) return 'untimed';
  const estimate = (clock.initial + 40 * clock.increment) / 1000;
  if (estimate < 3 * 60) return 'bullet';
  if (estimate < 8 * 60) return 'blitz';
  if (estimate < 25 * 60) return 'rapid';
  return 'classical';
}

/** The speed of a game as stored (matches' and challenges' columns). */
export function speedOfColumns(
  initial: number | null,
  increment: number | null,
  days: number | null,
): Speed {
  return speedOf(initial === null ? null : { initial, increment: increment ?? 0 }, days !== null);
}
