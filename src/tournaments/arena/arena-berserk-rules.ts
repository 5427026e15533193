/**
 * Berserk, lichess's way: in an arena that allows it, a player may halve their initial time and
 * give up the increment, before they have moved, for one more point if they win a long enough
 * game (arena-scoring-rules). A clock with an increment but no initial time (0+1...) keeps one
 * increment as its initial time, so a berserked player can still make a move.
 */
import type { TimeControl } from '../../common/protocol.js';

/** The clock of a player who berserked. */
export function berserkedClock(clock: TimeControl): TimeControl {
  const half = Math.floor(clock.initial / 2);
  return { initial: Math.max(half, clock.increment), increment: 0 };
}

/** Whether a player may berserk now: the arena allows it and they have not moved yet. */
export function canBerserk(o: {
  readonly berserkable: boolean;
  readonly alreadyBerserked: boolean;
  readonly movesPlayed: number;
}): boolean {
  return o.berserkable && !o.alreadyBerserked && o.movesPlayed === 0;
}
