/**
 * What both example bots share: HTTP with a token, NDJSON streams, and the position a game's
 * move list leads to. Only fetch and the server's own rules package are used.
 */
import { parseMoveText, Position, type VariantId } from '../../src/rules/index.js';

export interface Api {
  url: string;
  token: string;
}

/** A request with the token; the answer's JSON (any error status throws, 429 waits and retries). */
export async function call<T = Record<string, unknown>>(
  api: Api,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(api.url + path, {
    method,
    headers: {
      ...(api.token ? { authorization: `Bearer ${api.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as T;
  // Too many requests: wait a second and try again.
  if (res.status === 429) {
    await new Promise((r) => setTimeout(r, 1000));
    return call<T>(api, method, path, body);
  }
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Calls `onLine` for each JSON line of a stream (keep-alive empty lines skipped) until it ends. */
export async function stream<T>(
  api: Api,
  path: string,
  onLine: (line: T) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(api.url + path, {
    headers: { authorization: `Bearer ${api.token}` },
    signal,
  });
  if (res.status === 429) {
    await new Promise((r) => setTimeout(r, 1000));
    return stream<T>(api, path, onLine, signal);
  }
  if (!res.ok || !res.body) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  try {
    for await (const text of ndjsonLines(res.body)) if (text) await onLine(JSON.parse(text) as T);
  } catch (e) {
    if (!signal?.aborted) throw e;
  }
}

/** The lines of an NDJSON body as they arrive, trimmed (a keep-alive is ''). */
export async function* ndjsonLines(body: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      yield buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
    }
  }
}

/** The position after `moves` (space-separated, as gameState gives them) from `initialFen`. */
export function positionAfter(variant: VariantId, initialFen: string, moves: string): Position {
  const start = Position.fromFen(variant, initialFen);
  if (!start.ok) throw new Error(start.error.message);
  let pos = start.value;
  for (const text of moves.split(' ').filter(Boolean)) {
    const move = parseMoveText(pos, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    pos = pos.play(move.value);
  }
  return pos;
}

/**
 * The token to play with: DAMAS_TOKEN, or, on a fresh local server, a new bot account made for
 * the occasion (sign up, a token with bot:play, upgrade to bot). Its name and token are printed.
 */
export async function setUp(url: string, token?: string): Promise<Api> {
  if (token) return { url, token };
  const username = `bot_${Math.random().toString(36).slice(2, 8)}`;
  const password = Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  const account = await call<{ token: string }>({ url, token: '' }, 'POST', '/api/accounts', {
    username,
    password,
  });
  const made = await call<{ token: string }>({ url, token: account.token }, 'POST', '/api/tokens', {
    description: 'example bot',
    scopes: ['bot:play', 'challenge:read', 'challenge:write'],
  });
  const api = { url, token: made.token };
  await call(api, 'POST', '/api/bot/account/upgrade');
  console.log(`playing as ${username} (token ${api.token}); challenge it at ${url}`);
  return api;
}
