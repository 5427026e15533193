/** The wire: guest identity over REST, everything else over socket.io (PROTOCOL.md). */
import { io, type Socket } from 'socket.io-client';

export interface Identity {
  id: string;
  name: string;
  token: string;
}

export interface Ack {
  ok: boolean;
  error?: { code: string; message: string };
  [key: string]: unknown;
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
  const body = (await res.json()) as Identity & Ack;
  if (!res.ok)
    throw new WireError(body.error?.code ?? 'INVALID_PAYLOAD', body.error?.message ?? 'error');
  localStorage.setItem(
    IDENTITY,
    JSON.stringify({ id: body.id, name: body.name, token: body.token }),
  );
  return body;
}

export function forgetIdentity(): void {
  localStorage.removeItem(IDENTITY);
}

export class WireError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A socket that reconnects with backoff (socket.io's own) and turns error acks into throws. */
export class Wire {
  readonly socket: Socket;

  constructor(token: string) {
    this.socket = io({
      auth: { token },
      transports: ['websocket'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
  }

  async call<T = Ack>(event: string, payload: unknown = {}): Promise<T> {
    const ack = (await this.socket.timeout(10_000).emitWithAck(event, payload)) as Ack;
    if (!ack.ok) throw new WireError(ack.error?.code ?? 'INTERNAL', ack.error?.message ?? 'error');
    return ack as T;
  }

  on(event: string, fn: (data: never) => void): void {
    this.socket.on(event, fn as (data: unknown) => void);
  }
}

/** What to tell a person for each error code. */
export function explain(e: unknown): string {
  if (!(e instanceof WireError)) return 'The server could not be reached. Retrying…';
  const text: Record<string, string> = {
    INVALID_PAYLOAD: 'The server did not understand that request.',
    UNAUTHENTICATED: 'Your guest identity is no longer known: a new one has been made.',
    NOT_A_PLAYER: 'You are watching this game: only its players can act.',
    NOT_FOUND: 'That game no longer exists.',
    NOT_YOUR_TURN: "It is your opponent's turn.",
    NO_PIECE: 'There is no piece of yours on that square.',
    ILLEGAL_MOVE: 'That is not allowed here.',
    AMBIGUOUS_MOVE: 'Several captures lead there: pick the path.',
    MATCH_OVER: 'The game is over.',
    ALREADY_QUEUED: 'You are already waiting for an opponent.',
    RATE_LIMITED: 'Too many actions at once: slow down a little.',
  };
  const base = text[e.code] ?? 'Something went wrong.';
  return e.code === 'ILLEGAL_MOVE' ? `${base} (${e.message})` : base;
}
