import { ApiToken } from './api-token.entity.js';
import { Challenge } from './challenge.entity.js';
import { ChatLineRow } from './chat-line.entity.js';
import { Match } from './match.entity.js';
import { MoveRow } from './move.entity.js';
import { Piece } from './piece.entity.js';
import { Player } from './player.entity.js';
import { PuzzleRow } from './puzzle.entity.js';
import { QueueTicket } from './queue-ticket.entity.js';
import { TournamentRow } from './tournament.entity.js';

export {
  ApiToken,
  Challenge,
  ChatLineRow,
  Match,
  MoveRow,
  Piece,
  Player,
  PuzzleRow,
  QueueTicket,
  TournamentRow,
};
export type { MatchStatus } from './match.entity.js';
export type { ChallengeColor, ChallengeStatus } from './challenge.entity.js';
export const ENTITIES = [
  Player,
  Match,
  Piece,
  MoveRow,
  QueueTicket,
  Challenge,
  ApiToken,
  ChatLineRow,
  TournamentRow,
  PuzzleRow,
];
