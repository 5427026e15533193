/**
 * When an arena pairs its waiting players, lila's way (WaitingUsers.scala, PairingSystem): not at
 * each arrival, but once at least two players have waited long enough for the clock (a short
 * wait gathers more players, so better pairs) or more than 100 wait; before anyone has played,
 * at once. With an odd number waiting, the latest arrival sits the wave out, unless pairing the
 * others makes no pair at all (then everyone is tried: arena-pairing-rules' pairWave).
 */
import type { TimeControl } from '../../common/protocol.js';

/**
 * How long a player may have to wait for a wave, in seconds, by the clock's estimated duration
 * (initial + 40 increments): 1+0 15 s, 3+0 24 s, 5+0 36 s, 10+0 and more 50 s.
 */
export function waitSeconds(clock: TimeControl): number {
  const estimate = (clock.initial + 40 * clock.increment) / 1000;
  if (estimate < 30) return 8;
  if (estimate < 60) return 10;
  return Math.min(50, Math.max(15, Math.floor(estimate / 10) + 6));
}

/** lila: this many waiting pair at once, whatever the wait. */
export const PAIR_AT_ONCE_WAITING = 100;

export interface Waiting {
  readonly id: string;
  /** When they started waiting (joined, or their last game ended). */
  readonly since: Date;
}

/**
 * Whether to pair a wave now: before anyone has played, as soon as two wait; then when more than
 * 100 wait or at least two have waited waitSeconds.
 */
export function shouldPairWave(o: {
  readonly waiting: readonly Waiting[];
  readonly now: Date;
  readonly clock: TimeControl;
  /** Whether any game of this arena has been paired yet. */
  readonly anyPaired: boolean;
}): boolean {
  if (o.waiting.length < 2) return false;
  if (!o.anyPaired || o.waiting.length > PAIR_AT_ONCE_WAITING) return true;
  const before = o.now.getTime() - waitSeconds(o.clock) * 1000;
  return o.waiting.filter((w) => w.since.getTime() < before).length > 1;
}

/**
 * The ids to pair first: all of them when even; else all but the latest arrival (ties: the
 * greatest id, so every process picks the same). Pair `all` when `first` gave no pair.
 */
export function waveCandidates(waiting: readonly Waiting[]): { first: string[]; all: string[] } {
  const all = waiting.map((w) => w.id);
  if (all.length % 2 === 0) return { first: all, all };
  let latest = waiting[0]!;
  for (const w of waiting)
    if (
      w.since.getTime() > latest.since.getTime() ||
      (w.since.getTime() === latest.since.getTime() && w.id > latest.id)
    )
      latest = w;
  return { first: all.filter((id) => id !== latest.id), all };
}
