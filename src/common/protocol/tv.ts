/** TV (v1.19): each variant's featured game, and the NDJSON feed that follows it (lichess's). */
import type { Color, VariantId } from '../../rules/index.js';
import type { PlayerTitle } from './match.js';

/** The channels: `best` (every variant) and one per variant. */
export type TvChannelKey = 'best' | VariantId;

/** A person on TV (a bot account is one, marked by its title). */
export interface TvUser {
  id: string;
  name: string;
  title?: PlayerTitle;
}

/** A channel's featured game as `GET /api/tv/channels` lists it (lichess's shape, + variant). */
export interface TvChannel {
  gameId: string;
  variant: VariantId;
  /** The side of the featured player: the higher-rated person (the board is shown from it). */
  color: Color;
  /** The featured player: always a person (against the computer, the person). */
  user: TvUser;
  /** The featured player's rating as the rule counts it. */
  rating: number;
}

/** `GET /api/tv/channels`: every channel, null while it has no live game. */
export type TvChannels = Record<TvChannelKey, TvChannel | null>;

/** A side of the featured game. */
export interface TvPlayer {
  color: Color;
  /** The person (null: the computer, see `ai`). */
  user: TvUser | null;
  /** The computer's level (1-8), for the computer's side only. */
  ai?: number;
  /** The rating the rule counted (the computer's side: none). */
  rating?: number;
  /** The clock, whole seconds left (absent: no clock). */
  seconds?: number;
}

/** The first line, and again each time the channel switches to another game. */
export interface TvFeaturedLine {
  t: 'featured';
  d: {
    id: string;
    /** Extension: the game's variant (a `best` feed switches between variants). */
    variant: VariantId;
    orientation: Color;
    players: [TvPlayer, TvPlayer];
    fen: string;
    /** Extension: the last move (`32-28`, `26x17x8`), null before the first. */
    lm: string | null;
    /** Extension: whose clock runs now (null: none, as before each side's first move). */
    running: Color | null;
  };
}

/** After each move of the featured game (and after a takeback: the position it went back to). */
export interface TvFenLine {
  t: 'fen';
  d: {
    fen: string;
    /** The last move (`32-28`, `26x17x8`); null once a takeback went back to the start. */
    lm: string | null;
    /** Whole seconds left (absent: no clock). */
    wc?: number;
    bc?: number;
    /** Extension: whose clock runs now (null: none). */
    running: Color | null;
  };
}

/**
 * Extension: the channel has no live game now (the feed's first line on an empty channel, or
 * after the featured game ended with no other on); a `featured` line follows when one starts.
 */
export interface TvOffLine {
  t: 'off';
}

/** `GET /api/tv/feed[?variant=]`: one JSON object per line (an empty line as a keep-alive). */
export type TvFeedLine = TvFeaturedLine | TvFenLine | TvOffLine;
