/**
 * e2e harness: the real app on a random port, a fresh database per test file (PGlite in a temp
 * directory, or with DATABASE_URL a schema of its own on that Postgres), real socket.io clients.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';

export interface Server {
  url: string;
  app: INestApplication;
  /** Stops the app (the data stays, for restart tests). */
  stop(): Promise<void>;
  /** Starts a new app on the same data. */
  restart(): Promise<Server>;
  /** Removes the data. */
  destroy(): Promise<void>;
  /**
   * One more app on the same data, as a second server process would be (PostgreSQL only: the
   * apps meet there). Stop it before destroying this one.
   */
  another(): Promise<Server>;
}

export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

export async function startServer(overrides: Partial<Config> = {}): Promise<Server> {
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  if (process.env.DATABASE_URL) {
    schema = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'damas-e2e-'));
  }
  const config: Config = {
    port: 0,
    databaseUrl,
    dataDir: dataDir ?? './data',
    testApi: true,
    clockSweepMs: 50,
    ...overrides,
  };
  const launch = async (): Promise<Server> => {
    const app = await startApp(config, { logger: false });
    const addr = app.getHttpServer().address() as { port: number };
    const server: Server = {
      url: `http://127.0.0.1:${addr.port}`,
      app,
      stop: () => app.close(),
      restart: async () => {
        await app.close();
        return launch();
      },
      another: () => {
        if (!databaseUrl) throw new Error('a second app needs PostgreSQL (DATABASE_URL)');
        return launch();
      },
      destroy: async () => {
        await app.close().catch(() => undefined);
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        if (schema && process.env.DATABASE_URL) {
          const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await admin.connect();
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          await admin.end();
        }
      },
    };
    return server;
  };
  return launch();
}

export interface Player {
  id: string;
  name: string;
  token: string;
}

export async function http(
  server: { url: string },
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* plain text answers (PDN) */
  }
  return { status: res.status, body: parsed, text };
}

export async function newPlayer(server: { url: string }, name = 'ana'): Promise<Player> {
  const r = await http(server, 'POST', '/api/players', { name });
  if (r.status !== 201) throw new Error(`POST /api/players: ${r.status} ${r.text}`);
  return r.body as Player;
}

/** A connected client; `events` records every server event in arrival order. */
export interface Client {
  socket: Socket;
  events: { event: string; data: any }[];
  emit(event: string, payload?: unknown): Promise<any>;
  next(event: string, match?: (data: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

export async function connect(server: { url: string }, token: string | undefined): Promise<Client> {
  const socket = io(server.url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const events: { event: string; data: any }[] = [];
  const waiters: { event: string; match: (d: any) => boolean; resolve: (d: any) => void }[] = [];
  socket.onAny((event: string, data: unknown) => {
    events.push({ event, data });
    for (const w of [...waiters]) {
      if (w.event === event && w.match(data)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(data);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(e));
  });
  return {
    socket,
    events,
    emit: (event, payload) =>
      payload === undefined
        ? socket.timeout(10_000).emitWithAck(event)
        : socket.timeout(10_000).emitWithAck(event, payload),
    next: (event, match = () => true, timeoutMs = 10_000) => {
      const seen = events.find((e) => e.event === event && match(e.data));
      if (seen) {
        events.splice(events.indexOf(seen), 1);
        return Promise.resolve(seen.data);
      }
      return new Promise((resolve, reject) => {
        const w = {
          event,
          match,
          resolve: (d: any) => {
            clearTimeout(timer);
            const i = events.findIndex((e) => e.data === d);
            if (i >= 0) events.splice(i, 1);
            resolve(d);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`timed out waiting for ${event}`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    close: () => socket.close(),
  };
}

/** Two players, connected, queued and paired: returns the match and who plays which colour. */
export async function pairedMatch(
  server: { url: string },
  variant = 'brazilian',
  clock?: { initial: number; increment: number },
) {
  const a = await newPlayer(server, 'ana');
  const b = await newPlayer(server, 'bruno');
  const ca = await connect(server, a.token);
  const cb = await connect(server, b.token);
  expectOk(await ca.emit('queue:join', { variant, clock }));
  expectOk(await cb.emit('queue:join', { variant, clock }));
  const start = await ca.next('match:start');
  await cb.next('match:start');
  const white = start.white.id === a.id ? { player: a, client: ca } : { player: b, client: cb };
  const black = start.white.id === a.id ? { player: b, client: cb } : { player: a, client: ca };
  return { match: start, white, black, close: () => (ca.close(), cb.close()) };
}

export function expectOk(ack: any): any {
  if (!ack || ack.ok !== true) throw new Error(`expected ok ack, got ${JSON.stringify(ack)}`);
  return ack;
}
