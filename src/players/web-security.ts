/**
 * What a browser's ambient credential (the session cookie) needs: the cookie's attributes, and
 * the Origin check that refuses a request another site's page made with it. Requests with a
 * bearer token carry no ambient credential and need no such check.
 */
import { parse, serialize } from 'cookie';

export const SESSION_COOKIE = 'damas_session';
const YEAR_S = 365 * 24 * 3600;

export function sessionCookie(id: string, secure: boolean): string {
  return serialize(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: YEAR_S,
  });
}

export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 0,
  });
}

/** The session id in a Cookie header, if any. */
export function sessionIdOf(cookieHeader: unknown): string | undefined {
  if (typeof cookieHeader !== 'string' || cookieHeader.length > 8192) return undefined;
  return parse(cookieHeader)[SESSION_COOKIE] || undefined;
}

/**
 * May a request with this Origin use the cookie? Browsers send Origin on every cross-site
 * request that matters here (fetch/XHR with CORS, WebSocket, form POST); a request without one
 * is same-origin or not from a browser. Allowed: the server's own host, and ORIGINS.
 */
export function originAllowed(
  origin: unknown,
  host: unknown,
  allowed: readonly string[] = [],
): boolean {
  if (origin === undefined) return true;
  if (typeof origin !== 'string') return false;
  if (allowed.includes(origin)) return true;
  try {
    return typeof host === 'string' && new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // "null" (sandboxed frames, file:) and other non-URLs
  }
}
