/** The Bot and Board APIs' NDJSON lines (v1.7). */
import type { Color, GameResult, VariantId } from '../../rules/index.js';
import type { Challenge } from './challenges.js';
import type { ComputerSide, MatchPlayer, TimeControl } from './match.js';
import type { GameFromSide } from './profiles.js';
import type { Speed } from './speed.js';

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
  /** Extension (v1.14): the position after those moves (PDN FEN), as MatchState.fen says it. */
  fen: string;
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
