/** Both directions' socket.io events, typed: what socket.io's Server and Socket take. */
import type { Color, Move, VariantId } from '../../rules/index.js';
import type { Challenge, ChallengeTerms, DeclineReason } from './challenges.js';
import type { ChatLine, ChatRoom } from './chat.js';
import type { Ack } from './errors.js';
import type {
  DrawEvent,
  MatchEnd,
  MatchState,
  MoveEvent,
  OfferAction,
  PresenceEvent,
  RematchEvent,
  TakebackEvent,
  TimeControl,
} from './match.js';
import type { NotificationNew, NotificationRead } from './notifications.js';
import type { FollowChange } from './social.js';
import type { BerserkEvent, TournamentPage, TournamentUpdate } from './tournaments.js';

export interface MatchRef {
  matchId: string;
}

/** `{ matchId, from, to }` or `{ matchId, path }`. */
export interface MovePayload extends MatchRef {
  from?: number;
  to?: number;
  path?: readonly number[];
  /**
   * Extension (v1.11): the match's ply the move is made at (as the mover last saw it). If the
   * game is at another ply by then (a takeback, a move from another tab), NOT_YOUR_TURN.
   */
  ply?: number;
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
  'match:takeback': Handler<MatchRef & { action: OfferAction }, Empty>;
  'chat:say': Handler<MatchRef & { room: ChatRoom; text: string }, { line: ChatLine }>;
  'computer:play': Handler<ComputerGame, MatchRef>;
  'challenge:create': Handler<ChallengeTerms, { challenge: Challenge }>;
  'challenge:watch': Handler<ChallengeRef, { challenge: Challenge }>;
  'challenge:accept': Handler<ChallengeRef, MatchRef>;
  'challenge:decline': Handler<ChallengeRef & { reason?: DeclineReason }, Empty>;
  'challenge:cancel': Handler<ChallengeRef, Empty>;
  'lobby:subscribe': Handler<Empty, { seeks: Challenge[] }>;
  'lobby:unsubscribe': Handler<Empty, Empty>;
  /** v1.15: halve my clock before my first move (arena games). */
  'match:berserk': Handler<MatchRef, Empty>;
  /** v1.15: a tournament's page and its updates from now on (`tournament:update`). */
  'tournament:watch': Handler<TournamentRef, { page: TournamentPage }>;
  'tournament:unwatch': Handler<TournamentRef, Empty>;
}

export interface TournamentRef {
  tournamentId: string;
}

export interface ChallengeRef {
  challengeId: string;
}

/** `computer:play`: a game against the computer, started at once. */
export interface ComputerGame {
  variant?: VariantId;
  clock?: TimeControl | null;
  level: number;
  /** The colour the player takes (default random). */
  color?: Color | 'random';
  /** A start position (v1.9): a FEN the game may start from (not already over). */
  fen?: string;
}

/** server -> client. */
export interface ServerToClientEvents {
  'match:start': (state: MatchState) => void;
  'match:move': (event: MoveEvent) => void;
  'match:end': (end: MatchEnd) => void;
  'match:draw': (event: DrawEvent) => void;
  'match:rematch': (event: RematchEvent) => void;
  'match:presence': (event: PresenceEvent) => void;
  'match:takeback': (event: TakebackEvent) => void;
  /** To the game's players (room "players"), or to its spectators (room "spectators"). */
  'chat:line': (line: ChatLine) => void;
  'server:shutdown': (notice: { reconnect: true }) => void;
  /** A challenge to me (every tab of mine), or one I made (my other tabs). */
  'challenge:new': (challenge: Challenge) => void;
  /** A challenge was accepted, declined, cancelled or expired. */
  'challenge:update': (challenge: Challenge) => void;
  /** To lobby subscribers: a seek appeared, or went (accepted, cancelled, expired). */
  'lobby:seek': (seek: Challenge) => void;
  'lobby:unseek': (gone: { id: string }) => void;
  /** v1.15: to the game's room and players. */
  'match:berserk': (event: BerserkEvent) => void;
  /** v1.15: to the tournament's watchers and to the players it concerns. */
  'tournament:update': (update: TournamentUpdate) => void;
  /** v1.19: to the player's own tabs only: a new notification, with the unread count. */
  'notification:new': (event: NotificationNew) => void;
  /** v1.19: to the player's own tabs only: some (or all) were marked read. */
  'notification:read': (event: NotificationRead) => void;
  /** v1.19: I followed or unfollowed a player (to every tab of mine, the one that did it too). */
  'social:follow': (change: FollowChange) => void;
}

export type ClientEvent = keyof ClientToServerEvents;

export type ServerEvent = keyof ServerToClientEvents;

/** What a client sends with `E`. */
export type ClientPayload<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];

/** The ack of `E`. */
export type AckOf<E extends ClientEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** What the server sends with `E`. */
export type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** Events said to a room (a match's, a challenge's, the lobby) and to players' rooms. */
export type RoomEvent = Exclude<ServerEvent, 'server:shutdown'>;

/** Events of a match: to its room and its players' rooms. */
export type MatchEvent = Extract<RoomEvent, `match:${string}`>;

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
  'match:takeback': 1,
  'chat:say': 1,
  'computer:play': 1,
  'challenge:create': 1,
  'challenge:watch': 1,
  'challenge:accept': 1,
  'challenge:decline': 1,
  'challenge:cancel': 1,
  'lobby:subscribe': 1,
  'lobby:unsubscribe': 1,
  'match:berserk': 1,
  'tournament:watch': 1,
  'tournament:unwatch': 1,
} satisfies Record<ClientEvent, 1>) as ClientEvent[];
