/**
 * e2e harness: the real app on a random port, a fresh database per test file (PGlite in a temp
 * directory, or with DATABASE_URL a schema of its own on that Postgres), real socket.io clients.
 */
import { rmSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startApp } from '../../src/app.js';
import { freshDataDir } from '../pglite-template.js';
import type {
  Ack,
  AckOf,
  ClientEvent,
  ClientPayload,
  ClientToServerEvents,
  ErrorBody,
  ErrorCode,
  ServerEvent,
  ServerPayload,
  ServerToClientEvents,
  TimeControl,
} from '../../src/common/protocol.js';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../src/common/protocol.js';
import { configWith, type Config } from '../../src/config.js';
import type { TimeSource } from '../../src/common/time.js';
import {
  advance,
  moveToText,
  outcome,
  Position,
  startProgress,
  type VariantId,
} from '../../src/rules/index.js';

export interface Server {
  url: string;
  app: INestApplication;
  /** Stops the app (the data stays, for restart tests). */
  stop(): Promise<void>;
  /** Starts a new app on the same data (`overrides` on top of this app's config). */
  restart(overrides?: Partial<Config>): Promise<Server>;
  /** Removes the data. */
  destroy(): Promise<void>;
  /**
   * One more app on the same data, as a second server process would be (PostgreSQL only: the
   * apps meet there). Stop it before destroying this one.
   */
  another(): Promise<Server>;
}

export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

/**
 * A clock a test can move forward (correspondence deadlines, challenge expiry) or stop: a test
 * about a rate or a delay freezes it, so what it checks does not depend on how fast the machine
 * runs the test (on a loaded machine a real second passes between two requests).
 */
export class TestTime implements TimeSource {
  offsetMs = 0;
  private frozenAt: number | null = null;
  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
    if (this.frozenAt !== null) this.frozenAt += ms;
  }
  /** Time stands still (but for advance()) until thaw(); returns the instant it stopped at. */
  freeze(): number {
    this.frozenAt ??= Date.now() + this.offsetMs;
    return this.frozenAt;
  }
  /** Time runs again from where it stood (so it lags the real clock by the time it stood). */
  thaw(): void {
    if (this.frozenAt === null) return;
    this.offsetMs = this.frozenAt - Date.now();
    this.frozenAt = null;
  }
}

export async function startServer(
  overrides: Partial<Config> = {},
  opts: { time?: TimeSource } = {},
): Promise<Server> {
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
    dataDir = await freshDataDir('migrated');
  }
  // A read replica's URL (a standby of DATABASE_URL) reads the same schema.
  let databaseReadUrl = overrides.databaseReadUrl;
  if (databaseReadUrl && schema) {
    const r = new URL(databaseReadUrl);
    r.searchParams.set('options', `-c search_path=${schema}`);
    databaseReadUrl = r.toString();
  }
  const config = configWith({
    port: 0,
    databaseUrl,
    dataDir: dataDir ?? './data',
    testApi: true,
    clockSweepMs: 50,
    // Tournament tests create their own events, and pair often.
    arenaSchedule: false,
    tournamentTickMs: 200,
    // The tests sign up many accounts from one address; the limit has its own test.
    accountsLimit: { capacity: 1_000, perSecond: 1_000 },
    // One search thread, whatever the machine: the tests' timings assume it.
    engineThreads: 1,
    // No starter set: a test that wants puzzles gives its own folder (loading the shipped set
    // into every test's fresh database would cost each file seconds).
    puzzleDir: '',
    // No masters' games either: a test that wants them imports its own.
    mastersDir: '',
    ...overrides,
    databaseReadUrl,
  });
  // Every app started here, so destroy() closes one a failed test left running (else Jest hangs).
  const launched: INestApplication[] = [];
  const close = (app: INestApplication) => {
    const i = launched.indexOf(app);
    if (i >= 0) launched.splice(i, 1);
    return app.close();
  };
  const launch = async (cfg: Config = config): Promise<Server> => {
    const app = await startApp(cfg, { logger: false, time: opts.time });
    launched.push(app);
    const addr = app.getHttpServer().address() as { port: number };
    const server: Server = {
      url: `http://127.0.0.1:${addr.port}`,
      app,
      stop: () => close(app),
      restart: async (more: Partial<Config> = {}) => {
        await close(app);
        return launch({ ...cfg, ...more });
      },
      another: () => {
        if (!databaseUrl) throw new Error('a second app needs PostgreSQL (DATABASE_URL)');
        return launch(cfg);
      },
      destroy: async () => {
        for (const a of launched.splice(0)) await a.close().catch(() => undefined);
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
      [PROTOCOL_HEADER]: PROTOCOL_VERSION,
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

/** A new account (sign-up: a new player with a token and a username). */
export async function newAccount(
  server: { url: string },
  username: string,
): Promise<Player & { username: string }> {
  const r = await http(server, 'POST', '/api/accounts', { username, password: 'correct horse' });
  if (r.status !== 201) throw new Error(`POST /api/accounts: ${r.status} ${r.text}`);
  return { id: r.body.id, name: username, token: r.body.token, username };
}

export async function newPlayer(server: { url: string }, name = 'ana'): Promise<Player> {
  const r = await http(server, 'POST', '/api/players', { name });
  if (r.status !== 201) throw new Error(`POST /api/players: ${r.status} ${r.text}`);
  return r.body as Player;
}

export type WireSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A server event as recorded: its name and its payload. */
export type Received = { [E in ServerEvent]: { event: E; data: ServerPayload<E> } }[ServerEvent];

/** A connected client; `events` records every server event in arrival order. */
export interface Client {
  socket: WireSocket;
  events: Received[];
  emit<E extends ClientEvent>(event: E, payload?: ClientPayload<E>): Promise<AckOf<E>>;
  /** Any event name, any payload: for the tests of malformed input. */
  emitRaw(event: string, payload?: unknown): Promise<Ack<Record<string, unknown>>>;
  next<E extends ServerEvent>(
    event: E,
    match?: (data: ServerPayload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<ServerPayload<E>>;
  close(): void;
}

/**
 * A client of the newest contract (it says so: `auth.protocol`); `opts.protocol: null` stands
 * for an older client that says nothing.
 */
export async function connect(
  server: { url: string },
  token: string | undefined,
  opts: { protocol?: string | null } = {},
): Promise<Client> {
  const protocol = opts.protocol === undefined ? PROTOCOL_VERSION : opts.protocol;
  const socket: WireSocket = io(server.url, {
    auth: {
      ...(token === undefined ? {} : { token }),
      ...(protocol === null ? {} : { protocol }),
    },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const events: Received[] = [];
  const waiters: {
    event: ServerEvent;
    match: (d: unknown) => boolean;
    resolve: (d: unknown) => void;
  }[] = [];
  socket.onAny((event: ServerEvent, data: unknown) => {
    events.push({ event, data } as Received);
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
  // Untyped on purpose: emit() types what goes in and out, emitRaw() sends anything.
  const raw = (event: string, payload?: unknown): Promise<unknown> => {
    const s = (socket as Socket).timeout(10_000);
    return payload === undefined ? s.emitWithAck(event) : s.emitWithAck(event, payload);
  };
  return {
    socket,
    events,
    emit: <E extends ClientEvent>(event: E, payload?: ClientPayload<E>) =>
      raw(event, payload) as Promise<AckOf<E>>,
    emitRaw: (event, payload) => raw(event, payload) as Promise<Ack<Record<string, unknown>>>,
    next: <E extends ServerEvent>(
      event: E,
      match: (d: ServerPayload<E>) => boolean = () => true,
      timeoutMs = 10_000,
    ) => {
      const matches = (d: unknown) => match(d as ServerPayload<E>);
      const seen = events.find((e) => e.event === event && matches(e.data));
      if (seen) {
        events.splice(events.indexOf(seen), 1);
        return Promise.resolve(seen.data as ServerPayload<E>);
      }
      return new Promise<ServerPayload<E>>((resolve, reject) => {
        const w = {
          event,
          match: matches,
          resolve: (d: unknown) => {
            clearTimeout(timer);
            const i = events.findIndex((e) => e.data === d);
            if (i >= 0) events.splice(i, 1);
            resolve(d as ServerPayload<E>);
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
  variant: VariantId = 'brazilian',
  clock?: TimeControl,
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

export function expectOk<T extends object>(ack: Ack<T>): { ok: true } & T {
  if (!ack || ack.ok !== true) throw new Error(`expected ok ack, got ${JSON.stringify(ack)}`);
  return ack;
}

/** The code of an error ack; undefined for an ok one (or anything without one). */
export function errorCode(ack: Ack): ErrorCode | undefined {
  return (ack as Partial<ErrorBody> | undefined)?.error?.code;
}

/** An error ack's code and subcode ("REFUSED/NO_OFFER"; the code alone if it has none). */
export function refusal(ack: Ack): string | undefined {
  const e = (ack as Partial<ErrorBody> | undefined)?.error;
  return e && (e.subcode ? `${e.code}/${e.subcode}` : e.code);
}

/**
 * A game played through the server (test API match, REST moves): the first legal move each ply,
 * `plies` of them unless the rules end it sooner, then resigned by the side to move. Returns the
 * match, its players and every position (positions[n]: after ply n).
 */
export async function playedGame(
  server: Server,
  variant: VariantId,
  plies: number,
): Promise<{ id: string; white: Player; black: Player; positions: Position[]; texts: string[] }> {
  const white = await newPlayer(server, 'wes');
  const black = await newPlayer(server, 'bel');
  const made = await http(server, 'POST', '/api/test/matches', {
    variant,
    whiteId: white.id,
    blackId: black.id,
  });
  if (made.status !== 201) throw new Error(made.text);
  const id = made.body.id as string;
  let game = startProgress(Position.initial(variant));
  const positions = [game.position];
  const texts: string[] = [];
  for (let i = 0; i < plies && outcome(game) === null; i++) {
    const m = game.position.legalMoves()[0];
    texts.push(moveToText(game.position, m));
    const mover = game.position.turn === 'white' ? white : black;
    const r = await http(server, 'POST', `/api/matches/${id}/moves`, { path: m.path }, mover.token);
    if (r.status !== 201) throw new Error(r.text);
    game = advance(game, m);
    positions.push(game.position);
  }
  const c = await connect(server, (game.position.turn === 'white' ? white : black).token);
  expectOk(await c.emit('match:resign', { matchId: id }));
  c.close();
  return { id, white, black, positions, texts };
}
