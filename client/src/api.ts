/**
 * The REST side of the wire (docs/PROTOCOL.md): the guest identity, kept in localStorage, a
 * match's move history, and the live games of the lobby. Everything else goes over socket.ts.
 */
import type { ErrorBody, MatchSummary, MoveEvent } from '../../src/common/protocol.js';
import { toErrorCode, WireError } from './errors.js';

/** POST /api/players answers this; the token authenticates the socket. */
export interface Identity {
  id: string;
  name: string;
  token: string;
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

export async function createIdentity(name: string): Promise<Identity> {
  const res = await fetch('/api/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as Identity & Partial<ErrorBody>;
  if (!res.ok) {
    const code = body.error ? toErrorCode(body.error.code) : 'INVALID_PAYLOAD';
    throw new WireError(code, body.error?.message ?? 'error');
  }
  localStorage.setItem(
    IDENTITY,
    JSON.stringify({ id: body.id, name: body.name, token: body.token }),
  );
  return body;
}

export function forgetIdentity(): void {
  localStorage.removeItem(IDENTITY);
}

/** The moves played so far in a match (none if it cannot be read). */
export function matchHistory(matchId: string): Promise<MoveEvent[]> {
  return fetch(`/api/matches/${matchId}/history`).then((r) =>
    r.ok ? (r.json() as Promise<MoveEvent[]>) : [],
  );
}

/** The games being played now (none if the server cannot be reached). */
export async function liveMatches(): Promise<MatchSummary[]> {
  const res = await fetch('/api/matches?status=active').catch(() => null);
  return res?.ok ? ((await res.json()) as MatchSummary[]) : [];
}
