/**
 * v1.20: the opening explorer (issue 35). Every position's moves with their results, from the
 * site's games (`/api/explorer/lichess`, the name lichess's explorer gives its site database) and
 * from imported tournament games (`/api/explorer/masters`), and one player's games.
 */
import type { VariantId } from '../../rules/index.js';
import type { Speed } from './speed.js';

/**
 * The rating bands (lower bounds) a site game is counted in, by the average of both players'
 * ratings before it: 11 bands from 0 to 2500+, finer around 1500 where every rating starts.
 */
export const RATING_BANDS = [
  0, 1000, 1200, 1400, 1500, 1600, 1700, 1800, 2000, 2200, 2500,
] as const;
export type RatingBand = (typeof RATING_BANDS)[number];

/** Plies of a game the explorer indexes (lichess's explorer: 50). */
export const EXPLORER_PLIES = 50;

export interface ExplorerMove {
  /** As moveToText writes it in this position: "32-28", "19x10", "26x17x8". */
  move: string;
  /** Landing squares, from first: the client plays it by its path. */
  path: number[];
  /** Games won by White, drawn, won by Black. */
  white: number;
  draws: number;
  black: number;
  /** The mean of the games' average ratings; null where no game had ratings (masters). */
  averageRating: number | null;
}

export interface ExplorerPlayer {
  name: string;
  rating: number | null;
}

export interface ExplorerGame {
  /** Site: the match id (page /game/:id). Masters: the id of /api/explorer/masters/pdn/:id. */
  id: string;
  white: ExplorerPlayer;
  black: ExplorerPlayer;
  /** null: a draw. */
  winner: 'white' | 'black' | null;
  /** Site games; null for masters. */
  speed: Speed | null;
  /** ISO date ("2003-05-23"; masters may give "2003" only, or "" when unknown). */
  date: string;
  /** Masters: the Event tag. */
  event: string | null;
  /** The move this game played from the position. */
  move: string;
}

export interface ExplorerAnswer {
  variant: VariantId;
  /** Canonical. */
  fen: string;
  white: number;
  draws: number;
  black: number;
  /** Most played first. */
  moves: ExplorerMove[];
  /** Up to 4, the highest average rating first. */
  topGames: ExplorerGame[];
  /** Up to 4, the latest first. */
  recentGames: ExplorerGame[];
  opening: { name: string; code: string | null } | null;
}
