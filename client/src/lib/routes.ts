/** The addresses of the lobby's pages, as main.ts routes them and the pages keep them. */
import { trainingOf, type TrainingRoute } from '../pages/training/training-route.js';

/** /game/<id>: a game's permanent link (its id, else null). */
export const gameRoute = (): string | null =>
  /^\/game\/([0-9a-f-]{36})\/?$/i.exec(location.pathname)?.[1] ?? null;

/** /challenge/<id>: a challenge's link (its id, else null). */
export const challengeRoute = (): string | null =>
  /^\/challenge\/([^/]+)\/?$/.exec(location.pathname)?.[1] ?? null;

/** /?page=tokens: the account's API tokens (also the header's link). */
export const tokensRoute = (): boolean =>
  new URLSearchParams(location.search).get('page') === 'tokens';

/** /leaderboard and the pools under it (/leaderboard/<variant>/<speed>). */
export const leaderboardRoute = (): boolean => /^\/leaderboard(\/|$)/.test(location.pathname);

/** /tournaments: the list of tournaments. */
export const tournamentsRoute = (): boolean => /^\/tournaments\/?$/.test(location.pathname);

/** /tournament/new: the form that makes an arena. */
export const newTournamentRoute = (): boolean => /^\/tournament\/new\/?$/.test(location.pathname);

/** /tournament/<id>: an arena's page (its id, else null). */
export const tournamentRoute = (): string | null =>
  /^\/tournament\/([0-9a-f-]{36})\/?$/i.exec(location.pathname)?.[1] ?? null;

/** /tv and a variant's channel (/tv/<variant>): TV. */
export const tvRoute = (): boolean => /^\/tv(\/[^/]+)?\/?$/.test(location.pathname);

/** /rules and a variant's rules (/rules/<variant>). */
export const rulesRoute = (): boolean => /^\/rules(\/[^/]*)?\/?$/.test(location.pathname);

/** /training[/<variant>|/daily|/streak|/<id>] and /storm: the puzzles (null: another address). */
export const trainingRoute = (): TrainingRoute | null => trainingOf(location.pathname);
