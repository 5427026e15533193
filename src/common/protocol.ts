/**
 * The wire shapes of PROTOCOL.md, as TypeScript types only: the server builds them
 * (matches/match-view.ts) and the browser client reads them, from this one definition.
 */
import type { Color, Result, VariantId } from '../rules/index.js';

export interface Clock {
  white: number;
  black: number;
  running: Color | null;
}

export interface MatchState {
  id: string;
  variant: VariantId;
  status: 'active' | 'finished';
  white: { id: string; name: string };
  black: { id: string; name: string };
  turn: Color | null;
  ply: number;
  fen: string;
  /** Extension: the position the match started from (to replay or notate its moves). */
  initialFen: string;
  pieces: { id: number; color: Color; king: boolean; square: number }[];
  clock: Clock | null;
  result: Result | null;
  /** Extension: the side whose draw offer stands, if any. */
  drawOffer: Color | null;
  createdAt: string;
  endedAt: string | null;
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
