/**
 * A JSON request as `who`: an account speaks by its session cookie, a guest by its token (as
 * chatHistory does); an error answer becomes a WireError with its code and subcode. The
 * tournaments' and the puzzles' REST calls share it.
 */
import type { ErrorBody } from '../../../src/common/protocol.js';
import type { Identity } from './api.js';
import { wireError } from './errors.js';

export async function sendAs<T>(
  method: string,
  path: string,
  who: Identity | null,
  body?: unknown,
): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who?.token && !who.username ? { authorization: `Bearer ${who.token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : {}) as T & Partial<ErrorBody>;
  if (!res.ok) throw wireError(parsed.error);
  return parsed;
}
