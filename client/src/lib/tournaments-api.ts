/**
 * The tournaments' REST side (docs/PROTOCOL.md, Tournaments): the list, an arena's page and its
 * standings, joining, withdrawing, pausing, making one, and a game's berserk. An account speaks
 * by its session cookie, a guest by its token (as chatHistory does).
 */
import type {
  StandingsPage,
  Tournament,
  TournamentList,
  TournamentPage,
} from '../../../src/common/protocol.js';
import type { Identity } from './api.js';
import { sendAs as send } from './send-as.js';

export const tournamentList = () => send<TournamentList>('GET', '/api/tournament', null);

export const tournamentPage = (id: string, who: Identity | null) =>
  send<TournamentPage>('GET', `/api/tournament/${id}`, who);

export const standingsPage = (id: string, page: number) =>
  send<StandingsPage>('GET', `/api/tournament/${id}/standings?page=${page}`, null);

export const joinTournament = (id: string, who: Identity | null, password?: string) =>
  send<unknown>('POST', `/api/tournament/${id}/join`, who, password ? { password } : {});

export const leaveTournament = (id: string, who: Identity | null, how: 'withdraw' | 'pause') =>
  send<unknown>('POST', `/api/tournament/${id}/${how}`, who);

/** The terms of a new arena, as POST /api/tournament takes them. */
export interface ArenaTerms {
  name?: string;
  variant: string;
  clock: { initial: number; increment: number };
  minutes: number;
  startsAt: string;
  rated: boolean;
  berserkable: boolean;
  password?: string;
  conditions?: { minRatedGames?: number; minRating?: number; maxRating?: number };
}

export const createArena = (terms: ArenaTerms) =>
  send<Tournament>('POST', '/api/tournament', null, terms);
