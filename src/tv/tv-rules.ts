/**
 * TV's rule, as pure functions (test/unit/tv-rules.test.ts): which live game a channel features,
 * and from whose side it is shown.
 *
 * - Live: an active game with a clock or none (correspondence games are not live).
 * - Games between two people (bot accounts are people here) come before games against the
 *   computer, whatever the ratings.
 * - Then the higher sum of the two sides' ratings (a rated game: the ratings it started with; a
 *   casual one: the players' ratings now in its variant and speed; the computer's side: 0).
 * - Then the game that started first, then the smaller id (every process picks the same).
 * - A featured game stays until it ends: a better game starting does not switch the channel
 *   (viewers see games through); when it ends the channel takes the best game live then.
 */
import type { TvChannelKey } from '../common/protocol.js';
import type { Color, VariantId } from '../rules/index.js';

/** A side of a live game as the rule sees it. */
export interface LiveSide {
  /** Null: the computer. */
  playerId: string | null;
  /** The rating counted (null for the computer). */
  rating: number | null;
}

/** A live game as the rule sees it. */
export interface LiveGame {
  id: string;
  variant: VariantId;
  correspondence: boolean;
  /** ms since epoch */
  createdAt: number;
  white: LiveSide;
  black: LiveSide;
}

const withComputer = (g: LiveGame): boolean =>
  g.white.playerId === null || g.black.playerId === null;

/** The rating sum the rule orders by (the computer's side counts 0). */
export const ratingSum = (g: LiveGame): number => (g.white.rating ?? 0) + (g.black.rating ?? 0);

/** Whether `g` may be on channel `key` at all. */
export const onChannel = (g: LiveGame, key: TvChannelKey): boolean =>
  !g.correspondence && (key === 'best' || g.variant === key);

/** Negative when `a` is the better game to feature, positive when `b` is. */
export function compareFeatured(a: LiveGame, b: LiveGame): number {
  return (
    Number(withComputer(a)) - Number(withComputer(b)) ||
    ratingSum(b) - ratingSum(a) ||
    a.createdAt - b.createdAt ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The game channel `key` features among `games` (null: none is live there). */
export function pickFeatured(games: readonly LiveGame[], key: TvChannelKey): LiveGame | null {
  let best: LiveGame | null = null;
  for (const g of games)
    if (onChannel(g, key) && (best === null || compareFeatured(g, best) < 0)) best = g;
  return best;
}

/**
 * The side the board is shown from: the higher-rated person's (white on a tie; against the
 * computer, the person's).
 */
export function orientationOf(g: Pick<LiveGame, 'white' | 'black'>): Color {
  if (g.white.playerId === null) return 'black';
  if (g.black.playerId === null) return 'white';
  return (g.black.rating ?? 0) > (g.white.rating ?? 0) ? 'black' : 'white';
}

/** Whole seconds left on a clock in ms, as the feed says them (never below 0). */
export const clockSeconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));
