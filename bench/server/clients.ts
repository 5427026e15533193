/** Simulated players' plumbing shared by the load generators: identities and sockets. */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/common/protocol.js';

/** Runs `fn` over `items` with at most `width` at a time. */
export async function pool<T, R>(items: T[], width: number, fn: (x: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

export interface Player {
  id: string;
  token: string;
}

export async function createPlayers(url: string, n: number): Promise<Player[]> {
  return pool(Array.from({ length: n }), 32, async (_, i) => {
    const r = await fetch(`${url}/api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `load${i}` }),
    });
    if (!r.ok) throw new Error(`POST /api/players: ${r.status} ${await r.text()}`);
    return (await r.json()) as Player;
  });
}

export type WireSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connect(url: string, token: string): Promise<WireSocket> {
  const s: WireSocket = io(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
