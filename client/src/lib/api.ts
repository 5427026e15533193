/**
 * The REST side of the wire (docs/PROTOCOL.md): the guest identity, kept in localStorage, a
 * match's move history, the live games of the lobby, challenges, open seeks (before a socket is
 * open), "my games" and an account's personal API tokens. Everything else goes over socket.ts.
 */
import type {
  ApiTokenInfo,
  Challenge,
  ChallengeLists,
  ChatLine,
  ErrorBody,
  GameAnalysis,
  MatchSummary,
  MoveEvent,
  MyGames,
  NewApiToken,
  TokenScope,
} from '../../../src/common/protocol.js';
import { wireError } from './errors.js';

/**
 * Who this browser plays as: a guest (POST /api/players: its token authenticates the socket) or
 * an account (its session cookie does, also for a guest who signed up).
 */
export interface Identity {
  id: string;
  name: string;
  token?: string;
  username?: string;
}

/** An account as the server shows it (POST /api/accounts, POST /api/session, GET me). */
export interface Account {
  id: string;
  username: string;
}

const IDENTITY = 'damas.identity';

export function storedIdentity(): Identity | null {
  try {
    const raw = localStorage.getItem(IDENTITY);
    return raw ? (JSON.parse(raw) as Identity) : null;
  } catch {
    return null;
  }
}

/** A guest's new name: same identity, same games. */
export async function renameIdentity(identity: Identity, name: string): Promise<Identity> {
  const res = await fetch('/api/players/me', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${identity.token}` },
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as { name: string } & Partial<ErrorBody>;
  if (!res.ok) throw wireError(body.error, 'INVALID_PAYLOAD');
  const renamed = { ...identity, name: body.name };
  localStorage.setItem(IDENTITY, JSON.stringify(renamed));
  return renamed;
}

export async function createIdentity(name: string): Promise<Identity> {
  const res = await fetch('/api/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as Identity & Partial<ErrorBody>;
  if (!res.ok) throw wireError(body.error, 'INVALID_PAYLOAD');
  localStorage.setItem(
    IDENTITY,
    JSON.stringify({ id: body.id, name: body.name, token: body.token }),
  );
  return body;
}

export function forgetIdentity(): void {
  localStorage.removeItem(IDENTITY);
}

export function storeIdentity(identity: Identity): void {
  localStorage.setItem(IDENTITY, JSON.stringify(identity));
}

/** A JSON request; an error answer becomes a WireError with its code. */
async function send<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : {}) as T & Partial<ErrorBody>;
  if (!res.ok) throw wireError(parsed.error);
  return parsed;
}

/** Sign up; with a guest's token, that guest (and its games) becomes the account. */
export const signUp = (username: string, password: string, guestToken?: string) =>
  send<Account & { token?: string }>('POST', '/api/accounts', { username, password }, guestToken);

export const logIn = (username: string, password: string) =>
  send<Account>('POST', '/api/session', { username, password });

export const logOut = () => send<unknown>('DELETE', '/api/session');

/** v1.19: closes the account of this browser's session, its password confirming. */
export const closeAccount = (password: string) =>
  send<unknown>('POST', '/api/accounts/me/close', { password });

/** The account this browser's session cookie stands for, or null. */
export const whoAmI = (): Promise<Account | null> =>
  send<{ account: Account | null }>('GET', '/api/session').then(
    (r) => r.account,
    () => null,
  );

/** The moves played so far in a match (none if it cannot be read). */
export function matchHistory(matchId: string): Promise<MoveEvent[]> {
  return fetch(`/api/matches/${matchId}/history`).then((r) =>
    r.ok ? (r.json() as Promise<MoveEvent[]>) : [],
  );
}

/**
 * A game's chat as `who` may read it: its players' room for its players (a guest by its token,
 * an account by its cookie), else its spectators' room. Empty when it cannot be read.
 */
export function chatHistory(matchId: string, who: Identity | null): Promise<ChatLine[]> {
  const bearer: Record<string, string> =
    who?.token && !who.username ? { authorization: `Bearer ${who.token}` } : {};
  return fetch(`/api/matches/${matchId}/chat`, { headers: bearer })
    .then((r) => (r.ok ? (r.json() as Promise<ChatLine[]>) : []))
    .catch(() => []);
}

/** A finished game's engine analysis as it stands, or null if nobody has asked for one. */
export const gameAnalysis = (matchId: string) =>
  send<GameAnalysis | null>('GET', `/api/matches/${matchId}/analysis`);

/** Asks for the analysis (the stored one if there is one). */
export const requestAnalysis = (matchId: string) =>
  send<GameAnalysis>('POST', `/api/matches/${matchId}/analysis`);

/** A game as PDN (its moves from its start position, its players and result). */
export async function matchPdn(matchId: string): Promise<string> {
  const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/pdn`);
  const text = await res.text();
  if (!res.ok) {
    throw wireError((JSON.parse(text) as Partial<ErrorBody>).error);
  }
  return text;
}

/** The games being played now (none if the server cannot be reached). */
export async function liveMatches(): Promise<MatchSummary[]> {
  const res = await fetch('/api/matches?status=active').catch(() => null);
  return res?.ok ? ((await res.json()) as MatchSummary[]) : [];
}

/** A challenge by its id (anyone with its link may read it). */
export const challengeById = (id: string) =>
  send<Challenge>('GET', `/api/challenges/${encodeURIComponent(id)}`);

/** My open challenges: sent to me (`in`) and by me (`out`). */
export const myChallenges = (token?: string) =>
  send<ChallengeLists>('GET', '/api/challenges', undefined, token);

/** The lobby's open seeks, for a page with no socket yet (none if it cannot be read). */
export const lobbySeeks = (): Promise<Challenge[]> =>
  send<Challenge[]>('GET', '/api/lobby/seeks').catch(() => []);

/** My games still on, mine to move first, and how many await my move. */
export const myGames = (token?: string) => send<MyGames>('GET', '/api/me/games', undefined, token);

/** The account's personal API tokens, newest first (by its session cookie; no secrets). */
export const apiTokens = () => send<ApiTokenInfo[]>('GET', '/api/tokens');

/** A new personal API token: its secret (`token`) is in this answer only. */
export const createApiToken = (description: string, scopes: TokenScope[]) =>
  send<NewApiToken>('POST', '/api/tokens', { description, scopes });

/** Revokes a token: programs using it are refused from then on. */
export const revokeApiToken = (id: string) =>
  send<unknown>('DELETE', `/api/tokens/${encodeURIComponent(id)}`);
