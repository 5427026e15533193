/**
 * Who plays whom in a rated pool: oldest ticket first, each takes the closest-rated waiting
 * ticket within its window, which widens with its wait (+-100 at once, +-500 after 30 s, then
 * anyone). The older ticket's window decides, so a long wait is never undone by a newcomer's
 * narrow one. Two players one of whom blocks the other are never paired (`forbids`): each
 * passes over the other as if taken. Pure: the tests give the clock.
 */
import { NOBODY, type Forbids } from '../blocks/block-rules.js';

export interface RatedTicket {
  readonly id: string;
  readonly rating: number;
  /** Epoch ms. */
  readonly since: number;
}

const START = 100;
const WIDEST = 500;
const WIDEN_MS = 30_000;
/** Past this wait, anyone will do. */
const ANYONE_MS = 45_000;

export function ratingWindow(waitedMs: number): number {
  if (waitedMs >= ANYONE_MS) return Infinity;
  return START + ((WIDEST - START) * Math.min(Math.max(waitedMs, 0), WIDEN_MS)) / WIDEN_MS;
}

export function pairByRating<T extends RatedTicket>(
  tickets: readonly T[],
  now: number,
  forbids: Forbids = NOBODY,
): [T, T][] {
  const byAge = [...tickets].sort((a, b) => a.since - b.since || (a.id < b.id ? -1 : 1));
  const byRating = [...tickets].sort((a, b) => a.rating - b.rating);
  const index = new Map(byRating.map((t, i) => [t, i]));
  const taken = new Set<T>();
  const pairs: [T, T][] = [];
  for (const a of byAge) {
    if (taken.has(a)) continue;
    const window = ratingWindow(now - a.since);
    const at = index.get(a) as number;
    // Walk outwards from a's place in rating order: the first free one each way is the closest.
    let best: T | undefined;
    for (let i = at - 1; i >= 0; i--) {
      const b = byRating[i];
      if (a.rating - b.rating > window) break;
      if (!taken.has(b) && !forbids(a.id, b.id)) {
        best = b;
        break;
      }
    }
    for (let i = at + 1; i < byRating.length; i++) {
      const b = byRating[i];
      const gap = b.rating - a.rating;
      if (gap > window || (best && gap >= a.rating - best.rating)) break;
      if (!taken.has(b) && !forbids(a.id, b.id)) {
        best = b;
        break;
      }
    }
    if (best) {
      taken.add(a).add(best);
      pairs.push([a, best]);
    }
  }
  return pairs;
}

/**
 * A casual pool: oldest first, each with the oldest free ticket it may meet (`forbids` keyed
 * by the tickets' ids: the caller maps players to them).
 */
export function pairInOrder<T extends { readonly id: string }>(
  tickets: readonly T[],
  forbids: Forbids = NOBODY,
): [T, T][] {
  const taken = new Set<T>();
  const pairs: [T, T][] = [];
  for (let i = 0; i < tickets.length; i++) {
    const a = tickets[i]!;
    if (taken.has(a)) continue;
    for (let j = i + 1; j < tickets.length; j++) {
      const b = tickets[j]!;
      if (taken.has(b) || forbids(a.id, b.id)) continue;
      taken.add(a).add(b);
      pairs.push([a, b]);
      break;
    }
  }
  return pairs;
}
