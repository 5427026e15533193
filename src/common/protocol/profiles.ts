/** Profiles, game lists, rating histories, leaderboards (v1.4). */
import type { Color, GameResult, VariantId } from '../../rules/index.js';
import type { MatchPlayer, PlayerTitle } from './match.js';
import type { Speed } from './speed.js';
import type { PublicMark } from './marks.js';

/** An account's rating in one variant and speed. */
export interface RatingView {
  variant: VariantId;
  speed: Speed;
  rating: number;
  rd: number;
  /** Shown with a "?": RD >= 110. */
  provisional: boolean;
  games: number;
  wins: number;
  draws: number;
  losses: number;
}

/** GET /api/users/:username */
export interface UserProfile {
  id: string;
  username: string;
  /** Extension (v1.7): "BOT" for a bot account. */
  title?: PlayerTitle;
  /** When the account was made (signed up). */
  createdAt: string;
  /** Extension (v1.19): a moderator's public marks (engine, boost); absent when none. */
  marks?: PublicMark[];
  online: boolean;
  ratings: RatingView[];
  /** Every finished game (aborted ones aside), rated or not. */
  count: { games: number; wins: number; draws: number; losses: number };
}

/** A game from one player's side: what a game list and the event stream both say first. */
export interface GameFromSide {
  id: string;
  variant: VariantId;
  speed: Speed;
  rated: boolean;
  color: Color;
  opponent: MatchPlayer;
}

/** One finished game in a player's list, from that player's side. */
export interface GameListItem extends GameFromSide {
  result: GameResult;
  outcome: 'win' | 'draw' | 'loss' | 'aborted';
  /** Rated games: the player's rating at the start and the change. */
  rating?: number;
  ratingDiff?: number;
  endedAt: string;
  /** The game in the browser, and its PDN. */
  url: string;
  pdn: string;
}

/** GET /api/users/:username/games: newest first; `next` is the cursor of the following page. */
export interface GamePage {
  games: GameListItem[];
  next: string | null;
}

/**
 * GET /api/leaderboard/:variant/:speed lists the ratings that have settled (RD at most this)
 * and were played in the last LEADERBOARD_ACTIVE_DAYS days (since 1.14 named here).
 */
export const LEADERBOARD_MAX_RD = 75;
export const LEADERBOARD_ACTIVE_DAYS = 30;
/**
 * About how many rated games take a newcomer's RD (500) down to LEADERBOARD_MAX_RD: two
 * newcomers drawing every game, one after the other (test/unit/leaderboard-rules.test.ts
 * holds it to the ratings' Glicko-2). Fewer against settled opponents.
 */
export const GAMES_TO_SETTLE = 27;

export interface LeaderboardEntry {
  rank: number;
  id: string;
  username: string;
  rating: number;
  rd: number;
  games: number;
}

/** One point of a rating history: after a rated game. */
export interface RatingPoint {
  at: string;
  rating: number;
}
