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
  | 'CHALLENGE_CLOSED'
  | 'TOO_MANY_CHALLENGES'
  | 'FORBIDDEN'
  | 'INTERNAL';

/**
 * Extension (v1.12): which refusal an error is, where one code covers several (mostly
 * ILLEGAL_MOVE). A client words it by this; `message` stays English (PROTOCOL.md, Errors).
 */
export type ErrorSubcode =
  | 'TAKEBACKS_OFF'
  | 'TAKEBACK_DECLINED'
  | 'NOTHING_TO_TAKE_BACK'
  | 'COMPUTER_THINKING'
  | 'NO_OFFER'
  | 'OFFER_STANDS'
  | 'GAME_GOING_ON'
  | 'REMATCH_PLAYED'
  | 'BOTH_MOVED'
  | 'GRACE_NOT_OVER'
  | 'NOT_YOUR_ROOM'
  | 'NO_CHAT_WITH_COMPUTER'
  | 'NOT_WATCHING'
  | 'SEEK_NOT_DECLINABLE'
  | 'USERNAME_INVALID'
  | 'TOO_MANY_TOKENS'
  | 'TOKEN_GONE'
  | 'SELF_CHALLENGE'
  | 'HAS_ACCOUNT'
  | 'ACCOUNT_NAME';

export interface ErrorBody {
  ok: false;
  error: { code: ErrorCode; message: string; subcode?: ErrorSubcode };
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
  /** Extension (v1.7): the clock's time control (null: untimed or correspondence). */
  timeControl: TimeControl | null;
  /** Extension (v1.7): the game's speed (as rated). */
  speed: Speed;
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

// ------------------------------------------------------------- game analysis (v1.8)

/** A score from White's point of view: centi-men, or mate in plies (+: White wins). */
export type WhiteEval = { cp: number } | { mate: number };

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/** One position of an analysed game: position 0 is the start, position n follows ply n. */
export interface AnalysedPosition {
  ply: number;
  fen: string;
  /** The engine's verdict (null: the game was over here, no search). */
  eval: WhiteEval | null;
  /** White's winning chances, -1 (Black wins) to 1 (White wins). */
  chance: number;
  /** The engine's best move from here, in PDN (null: none to play). */
  best: string | null;
  /** Its line from here, PDN moves. */
  pv: string[];
  depth: number;
  nodes: number;
  /** The move played from here (none after the last). */
  move?: string;
  /** For the move played: the drop in its mover's winning chances, and its mark if any. */
  loss?: number;
  judgement?: Judgement | null;
}

/** Per side: the marks and the average drop in winning chances per move (lower is better). */
export interface AnalysisSummary {
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  averageLoss: number;
}

/** GET /api/matches/:id/analysis. */
export interface GameAnalysis {
  matchId: string;
  variant: VariantId;
  status: 'running' | 'done' | 'failed';
  /** Positions searched so far, of `total`. */
  progress: { done: number; total: number };
  /** Each position's fixed search budget. */
  budget: { nodes: number };
  /** The positions done so far, in order (all of them once done). */
  positions: AnalysedPosition[];
  /** Once done. */
  summary?: { white: AnalysisSummary; black: AnalysisSummary };
  createdAt: string;
  finishedAt: string | null;
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
  /** Extension (v1.7): "BOT" for a bot account. */
  title?: PlayerTitle;
  /** When the account was made (signed up). */
  createdAt: string;
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
>;

/** A player's title: bot accounts are marked BOT everywhere (v1.7). */
export type PlayerTitle = 'BOT';

// ------------------------------------------------------------- personal API tokens (v1.6)

/** What a personal access token may do. */
export const TOKEN_SCOPES = [
  'bot:play',
  'board:play',
  'challenge:read',
  'challenge:write',
  'engine:analyse',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A personal access token as listed (its secret is shown once, when it is made). */
export interface ApiTokenInfo {
  id: string;
  description: string;
  scopes: TokenScope[];
  createdAt: string;
}

/** POST /api/tokens: the new token, with its secret (shown this once). */
export interface NewApiToken extends ApiTokenInfo {
  token: string;
}

// ------------------------------------------------------------- Bot and Board APIs (v1.7)

/** A game as the event stream tells it, from the token holder's side. */
export interface StreamGame extends GameFromSide {
  /** The position now (at the start, or as the game ended). */
  fen: string;
  isMyTurn: boolean;
  clock: TimeControl | null;
  days: number | null;
  /** Against the computer: its side and level. */
  computer: ComputerSide | null;
  status: 'active' | 'finished';
  /** gameFinish only: the winner (null: a draw or no result) and why. */
  winner?: Color | null;
  reason?: GameResult['reason'];
}

/** GET /api/stream/event: one JSON object per line (and an empty line as a keep-alive). */
export type EventStreamLine =
  | { type: 'gameStart'; game: StreamGame }
  | { type: 'gameFinish'; game: StreamGame }
  | { type: 'challenge'; challenge: Challenge }
  | { type: 'challengeCanceled'; challenge: Challenge }
  | { type: 'challengeDeclined'; challenge: Challenge };

/** A game's state after a change (GET /api/{bot|board}/game/stream/:id). */
export interface GameStateLine {
  type: 'gameState';
  /** Every move from the start, space-separated: `32-28 19x28 23x32`, captures `26x17x8`. */
  moves: string;
  /** Clocks in ms (null: no clock). */
  wtime: number | null;
  btime: number | null;
  winc: number | null;
  binc: number | null;
  status: 'active' | 'finished';
  /** Once finished: the winner (null: a draw or no result), the reason and the draw rule. */
  winner?: Color | null;
  reason?: GameResult['reason'];
  rule?: GameResult['rule'];
  /** A standing draw offer by white / black. */
  wdraw: boolean;
  bdraw: boolean;
  /** Extension (v1.11): a standing takeback request by white / black. */
  wtakeback: boolean;
  btakeback: boolean;
}

/** Extension (v1.11): a line of the players' chat, as lichess says it. */
export interface ChatLineLine {
  type: 'chatLine';
  room: 'player';
  username: string;
  text: string;
}

/** The first line of a game stream: the whole game. */
export interface GameFullLine {
  type: 'gameFull';
  id: string;
  variant: VariantId;
  speed: Speed;
  rated: boolean;
  clock: TimeControl | null;
  days: number | null;
  white: MatchPlayer;
  black: MatchPlayer;
  computer: ComputerSide | null;
  initialFen: string;
  createdAt: string;
  state: GameStateLine;
}

/** The opponent's connection: gone (with when the win may be claimed) or back. */
export interface OpponentGoneLine {
  type: 'opponentGone';
  gone: boolean;
  /** With gone: from this time (ms since epoch) `claim-victory` wins. */
  claimAt?: number;
  claimWinInSeconds?: number;
}

export type GameStreamLine = GameFullLine | GameStateLine | OpponentGoneLine | ChatLineLine;

// ------------------------------------------------------------- challenges and the lobby (v1.5)

/** Days per move a correspondence game may have. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 10, 14] as const;

/** Why a challenge was declined (the challenger sees it). */
export const DECLINE_REASONS = [
  'generic',
  'later',
  'tooFast',
  'tooSlow',
  'timeControl',
  'rated',
  'casual',
  'variant',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** What the challenger asks for (POST /api/challenges, `challenge:create`). */
export interface ChallengeTerms {
  variant?: VariantId;
  /** A live game's clock; none (and no `days`): untimed. */
  clock?: TimeControl | null;
  /** Correspondence: days per move (one of CORRESPONDENCE_DAYS); not with `clock`. */
  days?: number | null;
  /** The challenger's colour (default random). */
  color?: Color | 'random';
  /** Both sides must be accounts. */
  rated?: boolean;
  /** A start position (casual games only). */
  fen?: string;
  /** A direct challenge to this username; without it, whoever opens the link may accept. */
  to?: string;
  /** An open challenge listed in the lobby (a seek). */
  public?: boolean;
}

export interface Challenge {
  id: string;
  /** The page to send: `/challenge/<id>`. */
  url: string;
  status: ChallengeStatus;
  challenger: MatchPlayer;
  /** A direct challenge's player. */
  dest: { id: string; name: string; title?: PlayerTitle } | null;
  variant: VariantId;
  clock: TimeControl | null;
  days: number | null;
  speed: Speed;
  color: Color | 'random';
  rated: boolean;
  fen: string | null;
  public: boolean;
  declineReason: DeclineReason | null;
  /** Once accepted: the game. */
  matchId: string | null;
  createdAt: string;
  expiresAt: string;
}

/** GET /api/challenges: my open challenges, those sent to me and those I sent. */
export interface ChallengeLists {
  in: Challenge[];
  out: Challenge[];
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
}

/** Extension (v1.11): a game's two chat rooms: its players', and its spectators'. */
export const CHAT_ROOMS = ['players', 'spectators'] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];
/** The longest chat line (characters). */
export const CHAT_MAX = 140;

/** One chat line (`chat:line`, GET /api/matches/:id/chat). Plain text: never HTML. */
export interface ChatLine {
  id: string;
  matchId: string;
  room: ChatRoom;
  /** Who said it, and the side they play (null: a spectator). */
  by: { id: string; name: string; title?: PlayerTitle };
  color: Color | null;
  text: string;
  /** ms since epoch. */
  at: number;
}

/** Extension (v1.11): a player's settings (GET/PATCH /api/players/me/settings). */
export const BOARD_THEMES = ['wood', 'green', 'blue', 'grey'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];
export const PIECE_STYLES = ['flat', 'classic', 'outline'] as const;
export type PieceStyle = (typeof PIECE_STYLES)[number];
export const LANGUAGES = ['en', 'pt-BR', 'es', 'ru', 'fr', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PlayerSettings {
  boardTheme: BoardTheme;
  pieceStyle: PieceStyle;
  /** The board's coordinates on its edges: files a-h (a-j) and ranks 1-8 (1-10). */
  coordinates: boolean;
  /** The PDN square numbers on the board's dark squares. */
  squareNumbers: boolean;
  premoves: boolean;
  /** Whether opponents may ask for takebacks (off: no takebacks in this player's games). */
  takebacks: boolean;
  sounds: boolean;
  /** null: the browser's language. */
  language: Language | null;
}

export const DEFAULT_SETTINGS: PlayerSettings = {
  boardTheme: 'wood',
  pieceStyle: 'flat',
  coordinates: true,
  squareNumbers: false,
  premoves: true,
  takebacks: true,
  sounds: true,
  language: null,
};

export interface PresenceEvent {
  matchId: string;
  color: Color;
  online: boolean;
  /** With online = false: from this time (ms since epoch) the opponent may claim the win. */
  claimAt?: number;
  /** Extension (v1.10), with claimAt: the same as a delay from this event (clocks may differ). */
  claimInMs?: number;
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
} satisfies Record<ClientEvent, 1>) as ClientEvent[];

/** The room of a match's broadcasts (players and spectators), and of each player's sockets. */
export const matchRoom = (matchId: string) => `match:${matchId}`;
export const playerRoom = (playerId: string) => `player:${playerId}`;
/** Who looks at a challenge's page (`challenge:watch`), and the lobby's subscribers. */
export const challengeRoom = (challengeId: string) => `challenge:${challengeId}`;
export const LOBBY_ROOM = 'lobby';
/** A game's spectators (sockets that joined it and do not play in it): their chat room. */
export const spectatorsRoom = (matchId: string) => `spectators:${matchId}`;
