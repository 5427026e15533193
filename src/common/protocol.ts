/**
 * The wire contract of docs/PROTOCOL.md as TypeScript types: the shapes, the error codes, and
 * both directions' socket.io events. The server, the browser client, the e2e harness, the load
 * generator and the cluster test all speak it from this one definition (socket.io's typed
 * `Server` / `Socket` take the two event maps).
 */
import type { Color, GameResult, Move, VariantId } from '../rules/index.js';
import type { Speed } from '../ratings/speed.js';

export type { Speed };

// ------------------------------------------------------------------------------- error codes

/** Every code a client can meet (PROTOCOL.md, Errors); the HTTP status of each is in errors.ts. */
export type ErrorCode =
  | 'INVALID_PAYLOAD'
  | 'UNAUTHENTICATED'
  | 'NOT_A_PLAYER'
  | 'NOT_FOUND'
  | 'NOT_YOUR_TURN'
  | 'NO_PIECE'
  | 'ILLEGAL_MOVE'
  | 'AMBIGUOUS_MOVE'
  | 'MATCH_OVER'
  | 'ALREADY_QUEUED'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'ENGINE_BUSY'
  | 'USERNAME_TAKEN'
  | 'BAD_CREDENTIALS'
  | 'BAD_ORIGIN'
  | 'ACCOUNT_REQUIRED'
  | 'INTERNAL';

export interface ErrorBody {
  ok: false;
  error: { code: ErrorCode; message: string };
}

/** Every acknowledgement: `{ ok: true, ...T }` or the error shape. */
export type Ack<T extends object = object> = ({ ok: true } & T) | ErrorBody;

// ------------------------------------------------------------------------------- shapes

/**
 * A side of a match. Extension (v1.4), in rated games only: the rating when the game started,
 * whether it was provisional, and, once the game has ended, the change it made.
 */
export interface MatchPlayer {
  id: string;
  name: string;
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

export interface Clock {
  white: number;
  black: number;
  running: Color | null;
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
  /** Extension: the side the computer plays and its level (null: two people). */
  computer: ComputerSide | null;
  createdAt: string;
  endedAt: string | null;
}

/** POST /api/engine/analyse: a position (and the game's earlier positions) to search. */
export interface AnalyseRequest {
  variant: VariantId;
  fen: string;
  /** FENs of the earlier positions, oldest first (repetitions). */
  history?: string[];
  /** Milliseconds (default 1000, at most 10000). */
  movetime?: number;
  depth?: number;
  /** Lines wanted, 1-5 (default 1). */
  multipv?: number;
}

/** The score of the side to move: centi-men, or a forced win / loss in so many plies. */
export type EngineScore = { cp: number } | { win: number } | { loss: number };

export interface AnalysisLine {
  move: Move;
  score: EngineScore;
  /** PDN moves, the line's first move first. */
  pv: string[];
}

export interface Analysis {
  /** Null only when the side to move has no legal move (it has lost). */
  bestMove: Move | null;
  score: EngineScore;
  depth: number;
  nodes: number;
  nps: number;
  pv: string[];
  /** With multipv > 1: the best lines, best first, distinct first moves. */
  lines?: AnalysisLine[];
}

// ------------------------------------------------------------- profiles (v1.4)

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
  /** When the account was made (signed up). */
  createdAt: string;
  online: boolean;
  ratings: RatingView[];
  /** Every finished game (aborted ones aside), rated or not. */
  count: { games: number; wins: number; draws: number; losses: number };
}

/** One finished game in a player's list, from that player's side. */
export interface GameListItem {
  id: string;
  variant: VariantId;
  speed: Speed;
  rated: boolean;
  color: Color;
  opponent: MatchPlayer;
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

/** A row of the lobby list (GET /api/matches?status=active). */
export type MatchSummary = Omit<
  MatchState,
  'fen' | 'initialFen' | 'pieces' | 'drawOffer' | 'endedAt'
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

export interface PresenceEvent {
  matchId: string;
  color: Color;
  online: boolean;
  /** With online = false: from this time (ms since epoch) the opponent may claim the win. */
  claimAt?: number;
}

// ------------------------------------------------------------------------------- events

export interface TimeControl {
  initial: number;
  increment: number;
}

export interface MatchRef {
  matchId: string;
}

/** `{ matchId, from, to }` or `{ matchId, path }`. */
export interface MovePayload extends MatchRef {
  from?: number;
  to?: number;
  path?: readonly number[];
}

type Handler<P, T extends object> = (payload: P, ack: (a: Ack<T>) => void) => void;
/** An ack or payload with nothing in it (`{}`). */
type Empty = Record<never, never>;

/** client -> server: every event takes an acknowledgement. */
export interface ClientToServerEvents {
  'queue:join': Handler<
    { variant?: VariantId; clock?: TimeControl | null; rated?: boolean },
    { ticketId: string }
  >;
  'queue:leave': Handler<Empty, Empty>;
  'match:join': Handler<MatchRef, { match: MatchState }>;
  'match:leave': Handler<MatchRef, Empty>;
  'match:moves': Handler<MatchRef & { square: number }, { moves: Move[] }>;
  'match:move': Handler<MovePayload, { move: MoveEvent }>;
  'match:resign': Handler<MatchRef, Empty>;
  'match:draw': Handler<MatchRef & { action: OfferAction }, Empty>;
  'match:abort': Handler<MatchRef, Empty>;
  'match:claim': Handler<MatchRef, Empty>;
  'match:rematch': Handler<MatchRef & { action: OfferAction }, Empty>;
  'computer:play': Handler<ComputerGame, MatchRef>;
}

/** `computer:play`: a game against the computer, started at once. */
export interface ComputerGame {
  variant?: VariantId;
  clock?: TimeControl | null;
  level: number;
  /** The colour the player takes (default random). */
  color?: Color | 'random';
}

/** server -> client. */
export interface ServerToClientEvents {
  'match:start': (state: MatchState) => void;
  'match:move': (event: MoveEvent) => void;
  'match:end': (end: MatchEnd) => void;
  'match:draw': (event: DrawEvent) => void;
  'match:rematch': (event: RematchEvent) => void;
  'match:presence': (event: PresenceEvent) => void;
  'server:shutdown': (notice: { reconnect: true }) => void;
}

export type ClientEvent = keyof ClientToServerEvents;
export type ServerEvent = keyof ServerToClientEvents;
/** What a client sends with `E`. */
export type ClientPayload<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
/** The ack of `E`. */
export type AckOf<E extends ClientEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];
/** What the server sends with `E`. */
export type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];
/** Events said to a match's room (and its players' rooms). */
export type MatchEvent = Exclude<ServerEvent, 'server:shutdown'>;

/** The client events by name: the transport answers any other name INVALID_PAYLOAD. */
export const CLIENT_EVENTS = Object.keys({
  'queue:join': 1,
  'queue:leave': 1,
  'match:join': 1,
  'match:leave': 1,
  'match:moves': 1,
  'match:move': 1,
  'match:resign': 1,
  'match:draw': 1,
  'match:abort': 1,
  'match:claim': 1,
  'match:rematch': 1,
  'computer:play': 1,
} satisfies Record<ClientEvent, 1>) as ClientEvent[];

/** The room of a match's broadcasts (players and spectators), and of each player's sockets. */
export const matchRoom = (matchId: string) => `match:${matchId}`;
export const playerRoom = (playerId: string) => `player:${playerId}`;
