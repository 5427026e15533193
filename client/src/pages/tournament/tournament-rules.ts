/**
 * PURE: what the tournament pages reckon from the wire's shapes: the standings page shown with an
 * update's changed lines merged in (the server sends only the lines that changed, once a pairing
 * wave), the pages of the standings, and an arena sheet read game by game.
 */
import type { Standing } from '../../../../src/common/protocol.js';

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

// The countdown is the lists' too (lib/tournament-text.ts): it lives in lib/.
export { countdown, countdownText } from '../../lib/countdown-rules.js';

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
