/** Find and follow (v1.19): the player search, follows, who of those you follow is on. */
import type { PlayerTitle } from './match.js';

/** The player search answers names that start with at least this many characters. */
export const AUTOCOMPLETE_MIN = 2;
/** At most this many names (lichess's 12). */
export const AUTOCOMPLETE_MAX = 12;
/** An account follows at most this many players (lichess's limit). */
export const MAX_FOLLOWS = 400;
/** A followers / following list: the newest this many. */
export const FOLLOW_LIST_MAX = 100;

/** A player as the search, the lists and the lobby's "following" show one. */
export interface PlayerLight {
  id: string;
  name: string;
  /** "BOT" for a bot account. */
  title?: PlayerTitle;
  online: boolean;
}

/** GET /api/player/autocomplete?term=&object=1 (lichess's shape): */
export interface AutocompleteObjects {
  result: PlayerLight[];
}

/** A followed player who is on now, with the game they play (the newest), if any. */
export interface FollowedNow extends PlayerLight {
  /** The live game's id (watch it at /game/:id), or null. */
  playing: string | null;
}

/** GET /api/rel/status/:username: the profile's social line. */
export interface RelStatus {
  id: string;
  username: string;
  followers: number;
  following: number;
  /** Whether the caller follows this player (null: a guest or nobody, or it is the caller). */
  youFollow: boolean | null;
  online: boolean;
  /** The live game's id (the newest, if several), or null. */
  playing: string | null;
}

/** POST /api/rel/follow/:username and /unfollow/:username; also `social:follow` to my tabs. */
export interface FollowChange {
  id: string;
  username: string;
  following: boolean;
  /** The followed player's followers now. */
  followers: number;
}
