/** Tournaments (v1.15): arenas and Swiss events, their standings, and their live updates. */
import type { Color, VariantId } from '../../rules/index.js';
import type { TimeControl } from './match.js';

export type TournamentKind = 'arena' | 'swiss';
export type TournamentStatus = 'created' | 'started' | 'finished';
/** A player in an event: playing or waiting (`active`), paused, or withdrawn. */
export type EntryStatus = 'active' | 'paused' | 'withdrawn';
/** Swiss standings' tie-breaks, in the order applied after the score. */
export type Tiebreak =
  'buchholz-cut1' | 'buchholz' | 'sonneborn-berger' | 'direct-encounter' | 'wins';

/** Who may enter: accounts with at least so many rated games, or a rating in a range. */
export interface EntryConditions {
  minRatedGames?: number;
  minRating?: number;
  maxRating?: number;
}

export interface Tournament {
  id: string;
  kind: TournamentKind;
  name: string;
  variant: VariantId;
  clock: TimeControl | null;
  /** Swiss correspondence: days per move (clock null). */
  days: number | null;
  rated: boolean;
  /** Entry needs a password. */
  private: boolean;
  conditions: EntryConditions;
  /** Bots may join (the organiser's choice). */
  allowBots: boolean;
  /** Arena: players may berserk; win streaks count double. */
  berserkable: boolean;
  streaks: boolean;
  status: TournamentStatus;
  startsAt: string;
  /** Arena: when it ends. Swiss: when it ended (null before). */
  endsAt: string | null;
  /** Arena: its length. */
  minutes: number | null;
  /** Swiss: the number of rounds, the round being played (0 before the first). */
  rounds: number | null;
  round: number;
  /** Swiss: when the next round is paired (null: when all games are over, or none left). */
  nextRoundAt: string | null;
  /** Swiss: seconds between rounds (null: the next round once all games are over). */
  roundInterval: number | null;
  /** Swiss: players may join until this round is paired. */
  lateJoinRound: number | null;
  tiebreaks: Tiebreak[];
  /** Made by the server's schedule (not by a player). */
  scheduled: boolean;
  createdBy: string | null;
  players: number;
  winner: { id: string; name: string } | null;
}

/** One line of the standings. */
export interface Standing {
  rank: number;
  playerId: string;
  name: string;
  /** The player's rating in the event's variant and speed when they joined. */
  rating: number;
  /** Arena points (2 a win, doubled on fire); Swiss points on the 2/1/0 scale (a win 2). */
  score: number;
  /** Arena: each game's points, e.g. `2 2 4 4 0` (fire games end in `*`). Swiss: results. */
  sheet: string;
  /** Arena: two wins in a row, so the next win counts double. */
  fire: boolean;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Average opponent rating + 500 * (wins - losses) / games; null before a game. */
  performance: number | null;
  status: EntryStatus;
  /** The game the player is in now. */
  matchId: string | null;
  /** Swiss: the configured tie-breaks' values, in order. */
  tiebreaks?: number[];
}

export interface StandingsPage {
  tournamentId: string;
  page: number;
  perPage: number;
  total: number;
  players: Standing[];
}

/** `GET /api/tournament/:id` (and `/api/swiss/:id`): the event, its first page, me. */
export interface TournamentPage {
  tournament: Tournament;
  standings: StandingsPage;
  /** The caller's entry (null: not joined, or not identified). */
  me: { status: EntryStatus; matchId: string | null; score: number; rank: number } | null;
  /** The leader's game (the best-ranked player playing now). */
  featured: string | null;
  /** The top three once it is over. */
  podium: Standing[] | null;
}

export interface TournamentList {
  created: Tournament[];
  started: Tournament[];
  finished: Tournament[];
}

/** One game of an event (`GET /api/tournament/:id/games`). */
export interface TournamentGame {
  matchId: string;
  round: number | null;
  white: { id: string; name: string; berserk: boolean };
  black: { id: string; name: string; berserk: boolean };
  status: 'active' | 'finished';
  winner: Color | null;
  reason: string | null;
  plies: number;
}

/**
 * `tournament:update`, to the event's room: the event changed (started, a round paired, over),
 * and/or the standings lines that changed since the last update (throttled: one update a pairing
 * wave, not one per game end), and the featured game.
 */
export interface TournamentUpdate {
  tournamentId: string;
  tournament?: Tournament;
  changed?: Standing[];
  featured?: string | null;
}

/** `match:berserk`: a side halved its clock (arena). */
export interface BerserkEvent {
  matchId: string;
  by: Color;
  clocks: { white: number; black: number };
}
