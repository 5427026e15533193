/** A match on the wire: its state, its events, the lists of matches. */
import type { Color, GameResult, VariantId } from '../../rules/index.js';
import type { Speed } from './speed.js';

/** A player's title: bot accounts are marked BOT everywhere (v1.7). */
export type PlayerTitle = 'BOT';

/**
 * A side of a match. Extension (v1.4), in rated games only: the rating when the game started,
 * whether it was provisional, and, once the game has ended, the change it made.
 */
export interface MatchPlayer {
  id: string;
  name: string;
  /** Extension (v1.7): "BOT" for a bot account (it plays through the Bot API). */
  title?: PlayerTitle;
  rating?: number;
  provisional?: boolean;
  ratingDiff?: number;
}

/** The computer's side in a match. */
export interface ComputerSide {
  color: Color;
  /** 1 (weakest) to 8. */
  level: number;
}

/** A correspondence game: no clock; each move gives the other side `days` to answer. */
export interface Correspondence {
  days: number;
  /** When the side to move loses on time (ms since epoch); null once the game has ended. */
  deadline: number | null;
}

export interface Clock {
  white: number;
  black: number;
  running: Color | null;
}

export interface TimeControl {
  initial: number;
  increment: number;
}

export interface MatchState {
  id: string;
  variant: VariantId;
  status: 'active' | 'finished';
  white: MatchPlayer;
  black: MatchPlayer;
  /** Extension (v1.4): a rated game changes both players' ratings when it ends. */
  rated: boolean;
  turn: Color | null;
  ply: number;
  fen: string;
  /** Extension: the position the match started from (to replay or notate its moves). */
  initialFen: string;
  pieces: { id: number; color: Color; king: boolean; square: number }[];
  clock: Clock | null;
  result: GameResult | null;
  /** Extension: the side whose draw offer stands, if any. */
  drawOffer: Color | null;
  /** Extension (v1.10): after the end, the side whose rematch offer stands, if any. */
  rematchOffer: Color | null;
  /** Extension (v1.10): the rematch's match id, once it was accepted (find the new game). */
  rematchId: string | null;
  /** Extension (v1.11): the side whose takeback request stands, if any. */
  takebackOffer: Color | null;
  /**
   * Extension (v1.12): the side whose takeback request was declined in this position, if any: it
   * may not ask again before the next move.
   */
  takebackDeclined: Color | null;
  /**
   * Extension (v1.11): whether takebacks may be asked in this game (both players allow them in
   * their settings; against the computer, the player does).
   */
  takebacks: boolean;
  /** Extension: the side the computer plays and its level (null: two people). */
  computer: ComputerSide | null;
  /** Extension (v1.5): a correspondence game's days per move and deadline (else null). */
  correspondence: Correspondence | null;
  /**
   * Extension (v1.14): in a timed game before each side has made its first move (the clocks do
   * not run yet), when the game is aborted if the side to move has not moved (ms since epoch);
   * else null.
   */
  firstMoveDeadline: number | null;
  /** Extension (v1.15): the tournament the game is played in (null: none). */
  tournamentId?: string | null;
  /** Extension (v1.15): which sides went berserk (arena games; halved clock, no increment). */
  berserk?: { white: boolean; black: boolean };
  /** Extension (v1.7): the clock's time control (null: untimed or correspondence). */
  timeControl: TimeControl | null;
  /** Extension (v1.7): the game's speed (as rated). */
  speed: Speed;
  createdAt: string;
  endedAt: string | null;
}

/** A row of the lobby list (GET /api/matches?status=active). */
export type MatchSummary = Omit<
  MatchState,
  | 'fen'
  | 'initialFen'
  | 'pieces'
  | 'drawOffer'
  | 'takebackOffer'
  | 'takebackDeclined'
  | 'takebacks'
  | 'rematchOffer'
  | 'rematchId'
  | 'endedAt'
  | 'firstMoveDeadline'
>;

export interface MoveEvent {
  matchId: string;
  ply: number;
  by: Color;
  from: number;
  to: number;
  path: number[];
  captures: number[];
  promoted: boolean;
  fen: string;
  turn: Color | null;
  clock: Clock | null;
}

export interface MatchEnd {
  matchId: string;
  result: GameResult;
  match: MatchState;
}

export type OfferAction = 'offer' | 'accept' | 'decline';

export interface DrawEvent {
  matchId: string;
  action: OfferAction;
  by: Color;
}

export interface RematchEvent {
  matchId: string;
  action: OfferAction;
  by: Color;
  /** With action "accept": the match just created. */
  newMatchId?: string;
}

/** Extension (v1.11): a takeback asked, accepted or declined. */
export interface TakebackEvent {
  matchId: string;
  action: OfferAction;
  by: Color;
  /** With action "accept": the match after the takeback (fewer plies, the clocks going on). */
  match?: MatchState;
  /**
   * Issue 36: set when a server process says the game again to a room that missed part of it (with
   * Redis: a takeback whose publish was lost). `match` is the game as it stands, not
   * necessarily fewer plies than the client shows: load the game again (`match:join`).
   */
  restated?: true;
}

export interface PresenceEvent {
  matchId: string;
  color: Color;
  online: boolean;
  /** With online = false: from this time (ms since epoch) the opponent may claim the win. */
  claimAt?: number;
  /** Extension (v1.10), with claimAt: the same as a delay from this event (clocks may differ). */
  claimInMs?: number;
}

/** One of my games still on, from my side (GET /api/me/games). */
export interface MyGame extends MatchSummary {
  fen: string;
  color: Color;
  myTurn: boolean;
}

/** GET /api/me/games: my turn first (soonest deadline first), then the others. */
export interface MyGames {
  games: MyGame[];
  /** How many are waiting for my move. */
  awaiting: number;
}
