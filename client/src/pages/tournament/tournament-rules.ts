/**
 * PURE: what the tournament pages reckon from the wire's shapes: the standings page shown with an
 * update's changed lines merged in (the server sends only the lines that changed, once a pairing
 * wave), the pages of the standings, a countdown's text, and an arena sheet read game by game.
 */
import type { Standing, Tournament } from '../../../../src/common/protocol.js';

/**
 * The lines of page `page` (`perPage` a page) after `changed`: a changed line replaces the
 * player's line, a line whose rank left the page goes, one that entered it comes; ordered by
 * rank, then score (best first), then name.
 */
export function mergeStandings(
  shown: readonly Standing[],
  changed: readonly Standing[],
  page: number,
  perPage: number,
): Standing[] {
  const byPlayer = new Map(shown.map((s) => [s.playerId, s]));
  for (const s of changed) byPlayer.set(s.playerId, s);
  const first = (page - 1) * perPage + 1;
  const last = page * perPage;
  return [...byPlayer.values()]
    .filter((s) => s.rank >= first && s.rank <= last)
    .sort((a, b) => a.rank - b.rank || b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, perPage);
}

/** How many pages the standings of `total` players fill (at least one, empty). */
export const pageCount = (total: number, perPage: number): number =>
  Math.max(1, Math.ceil(total / perPage));

/** A time left as a clock shows it: "4:05", "1:02:03"; nothing left is "0:00". */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** What a tournament counts down to now: its start, its end, or nothing (over). */
export function countdown(
  t: Pick<Tournament, 'status' | 'startsAt' | 'endsAt'>,
  now: number,
): { to: 'start' | 'end'; ms: number } | null {
  if (t.status === 'created') return { to: 'start', ms: Date.parse(t.startsAt) - now };
  if (t.status === 'started' && t.endsAt) return { to: 'end', ms: Date.parse(t.endsAt) - now };
  return null;
}

/** One game of an arena sheet: its points, and whether they were doubled (on fire: `4*`). */
export interface SheetGame {
  points: string;
  fire: boolean;
}

/** An arena sheet ("2 2 4* 0") game by game. */
export const sheetGames = (sheet: string): SheetGame[] =>
  sheet
    .split(/\s+/)
    .filter(Boolean)
    .map((g) => ({ points: g.replace(/\*$/, ''), fire: g.endsWith('*') }));
