/** Configuration from the environment, checked once at start-up with a clear message. */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

/** A rate limit: a token bucket. */
export interface Limit {
  /** Burst size. */
  readonly capacity: number;
  /** Tokens added per second. */
  readonly perSecond: number;
}

export interface Config {
  readonly port: number;
  readonly databaseUrl: string | undefined;
  /**
   * A streaming standby of DATABASE_URL (DATABASE_READ_URL): the reads that tolerate a lag go
   * there (leaderboards, others' profiles, explorer, puzzle selection, TV, tournament lists).
   */
  readonly databaseReadUrl?: string;
  /** With a read replica: how often each process checks it answers (else reads go to the primary). */
  readonly replicaProbeMs: number;
  /** A replica further behind than this (REPLICA_MAX_LAG_MS) is not read until it catches up. */
  readonly replicaMaxLagMs: number;
  readonly dataDir: string;
  /** Enables the test-only endpoints (a match from any FEN); never in production. */
  readonly testApi: boolean;
  /** Rate limits: socket events per socket, HTTP requests per IP. */
  readonly socketLimit: Limit;
  readonly httpLimit: Limit;
  /** Engine analyses per IP (POST /api/engine/analyse). */
  readonly analyseLimit: Limit;
  /** Engine analyses per personal token with `engine:analyse` (RATE_ANALYSE_TOKEN). */
  readonly tokenAnalyseLimit: Limit;
  /** Sign-ups, logins and password changes per IP: each costs a memory-hard hash. */
  readonly accountsLimit: Limit;
  /** Challenges (and seeks) made per player: burst/per second (RATE_CHALLENGE). */
  readonly challengeLimit: Limit;
  /** Chat lines per player: burst/per second (RATE_CHAT). */
  readonly chatLimit: Limit;
  /** Redis for socket.io's cluster adapter (else Postgres LISTEN/NOTIFY with DATABASE_URL). */
  readonly redisUrl?: string;
  /** New socket connections per IP: burst/per second. */
  readonly connectLimit: Limit;
  /** Where the built browser client is (default dist/client). */
  readonly clientDir: string;
  /** How often each process looks for clocks that ran out (ms). */
  readonly clockSweepMs: number;
  /** How long a player who left an active game may stay away before the opponent can claim (ms). */
  readonly disconnectGraceMs: number;
  /** Engine worker threads (ENGINE_THREADS, default: cores - 1, at least 1). */
  readonly engineThreads: number;
  /** Searches that may wait for a thread before new ones are refused ENGINE_BUSY. */
  readonly engineQueue: number;
  /** Transposition table per variant per thread (MB). */
  readonly engineHashMb: number;
  /** Tests: how long an analysis may go without progress before another process takes it over. */
  readonly analysisStaleMs: number;
  /** Niceness of the engine threads (0-19; Linux): searches yield to the event loop. */
  readonly engineNice: number;
  /** How often each process looks for computer turns nobody is thinking on (ms). */
  readonly computerSweepMs: number;
  /**
   * The computer's time per move as a multiple of its level's (1). Tests stretch it, to act
   * while it surely thinks whatever the machine's load; not read from the environment.
   */
  readonly computerThinkScale: number;
  /**
   * Origins besides the server's own host whose pages may use a session cookie (ORIGINS,
   * comma-separated, e.g. https://damas.example); others are refused BAD_ORIGIN.
   */
  readonly origins: readonly string[];
  /**
   * Which proxies in front may say who the client is (Express's `trust proxy`: a hop count, or
   * addresses/subnets/`loopback`): then `req.ip` and `req.secure` come from X-Forwarded-For and
   * X-Forwarded-Proto, so per-address limits and the cookie's Secure flag work behind TLS.
   */
  readonly trustProxy?: number | string;
  /**
   * How often each process runs the tournaments' clock: events start and end, arena pairing
   * waves, Swiss rounds (TOURNAMENT_TICK_MS, ms).
   */
  readonly tournamentTickMs: number;
  /** How often each process indexes finished games for the opening explorer (EXPLORER_INDEX_MS). */
  readonly explorerIndexMs: number;
  /**
   * With Redis: how often each process checks its games' rooms against the database, so a move
   * or an end whose publish was lost (ROOM_SYNC_MS; a room behind for two checks is caught up).
   */
  readonly roomSyncMs: number;
  /**
   * The masters' games shipped with the server: each `<variant>.pdn` here is imported at start if
   * it was not before (MASTERS_DIR; empty: none).
   */
  readonly mastersDir: string;
  /** Whether the server keeps the hourly arenas' schedule (ARENA_SCHEDULE=0: off). */
  readonly arenaSchedule: boolean;
  /**
   * The puzzles' starter set: every `*.ndjson.gz` here is loaded at start if it was not before
   * (PUZZLE_DIR; empty: none).
   */
  readonly puzzleDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULTS.port : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer 0-65535, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL)) {
    throw new ConfigError(`REDIS_URL must be a redis:// URL, got "${env.REDIS_URL}"`);
  }
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// URL, got "${databaseUrl}"`);
  }
  const databaseReadUrl = env.DATABASE_READ_URL || undefined;
  if (databaseReadUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseReadUrl)) {
    throw new ConfigError(`DATABASE_READ_URL must be a postgres:// URL, got "${databaseReadUrl}"`);
  }
  if (databaseReadUrl !== undefined && databaseUrl === undefined) {
    throw new ConfigError(
      'DATABASE_READ_URL is a standby of DATABASE_URL: set DATABASE_URL too (the embedded database has no replica)',
    );
  }
  const testApi = env.DAMAS_TEST_API === '1';
  if (testApi && env.NODE_ENV === 'production') {
    throw new ConfigError('DAMAS_TEST_API=1 is refused when NODE_ENV=production');
  }
  const d = DEFAULTS;
  return {
    ...d,
    port,
    databaseUrl,
    databaseReadUrl,
    replicaProbeMs: positive(env, 'REPLICA_PROBE_MS', d.replicaProbeMs),
    replicaMaxLagMs: positive(env, 'REPLICA_MAX_LAG_MS', d.replicaMaxLagMs),
    dataDir: env.DATA_DIR || d.dataDir,
    testApi,
    socketLimit: limit(env, 'RATE_SOCKET', d.socketLimit),
    httpLimit: limit(env, 'RATE_HTTP', d.httpLimit),
    analyseLimit: limit(env, 'RATE_ANALYSE', d.analyseLimit),
    tokenAnalyseLimit: limit(env, 'RATE_ANALYSE_TOKEN', d.tokenAnalyseLimit),
    accountsLimit: limit(env, 'RATE_ACCOUNTS', d.accountsLimit),
    challengeLimit: limit(env, 'RATE_CHALLENGE', d.challengeLimit),
    chatLimit: limit(env, 'RATE_CHAT', d.chatLimit),
    redisUrl: env.REDIS_URL || undefined,
    connectLimit: limit(env, 'RATE_CONNECT', d.connectLimit),
    clockSweepMs: positive(env, 'CLOCK_SWEEP_MS', d.clockSweepMs),
    disconnectGraceMs: positive(env, 'DISCONNECT_GRACE_MS', d.disconnectGraceMs),
    engineThreads: positive(env, 'ENGINE_THREADS', d.engineThreads),
    engineQueue: positive(env, 'ENGINE_QUEUE', d.engineQueue),
    engineHashMb: positive(env, 'ENGINE_HASH_MB', d.engineHashMb),
    computerSweepMs: positive(env, 'COMPUTER_SWEEP_MS', d.computerSweepMs),
    tournamentTickMs: positive(env, 'TOURNAMENT_TICK_MS', d.tournamentTickMs),
    explorerIndexMs: positive(env, 'EXPLORER_INDEX_MS', d.explorerIndexMs),
    roomSyncMs: positive(env, 'ROOM_SYNC_MS', d.roomSyncMs),
    mastersDir: env.MASTERS_DIR === undefined ? d.mastersDir : env.MASTERS_DIR,
    arenaSchedule: env.ARENA_SCHEDULE !== '0',
    puzzleDir: env.PUZZLE_DIR === undefined ? d.puzzleDir : env.PUZZLE_DIR,
    engineNice: niceness(env, d.engineNice),
    origins: origins(env),
    trustProxy: trustProxy(env),
  };
}

/** A configuration with every default but `overrides` (tests, tools). */
export const configWith = (overrides: Partial<Config> = {}): Config => ({
  ...DEFAULTS,
  ...overrides,
});

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function origins(env: NodeJS.ProcessEnv): string[] {
  const list = (env.ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const o of list) {
    let ok: boolean;
    try {
      const u = new URL(o);
      ok = /^https?:$/.test(u.protocol) && u.origin === o;
    } catch {
      ok = false;
    }
    if (!ok)
      throw new ConfigError(`ORIGINS must be origins like https://damas.example, got "${o}"`);
  }
  return list;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(env: NodeJS.ProcessEnv): number | string | undefined {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (/^\d+$/.test(raw) && Number(raw) >= 1) return Number(raw);
  const parts = raw.split(',').map((p) => p.trim());
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/;
  if (parts.every((p) => PROXY_NAMES.has(p) || address.test(p))) return parts.join(',');
  throw new ConfigError(
    `TRUST_PROXY must be a hop count (1, 2...) or proxies' addresses/subnets or loopback, linklocal, uniquelocal (comma-separated), got "${raw}"`,
  );
}

function niceness(env: NodeJS.ProcessEnv, fallback: number): number {
  const raw = env.ENGINE_NICE;
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 19)
    throw new ConfigError(`ENGINE_NICE must be an integer 0-19, got "${raw}"`);
  return n;
}

/** RATE_*=burst/perSecond, e.g. `60/20`; a malformed value stops the start. */
function limit(env: NodeJS.ProcessEnv, name: string, fallback: Limit): Limit {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(raw);
  const capacity = Number(m?.[1]);
  const perSecond = Number(m?.[2]);
  if (!m || capacity < 1 || perSecond <= 0)
    throw new ConfigError(
      `${name} must be burst/perSecond with a burst of at least 1 and a positive rate (e.g. 60/20), got "${raw}"`,
    );
  return { capacity, perSecond };
}

export const CONFIG = Symbol('CONFIG');

/**
 * Every default, in one place: loadConfig() reads the environment over these, configWith() a
 * test's overrides. Nothing else writes a default for a setting.
 */
export const DEFAULTS: Config = {
  port: 3000,
  databaseUrl: undefined,
  replicaProbeMs: 2_000,
  replicaMaxLagMs: 10_000,
  dataDir: './data',
  testApi: false,
  /** A player clicking fast sends a few events a second; a burst of 60 covers reconnect storms. */
  socketLimit: { capacity: 60, perSecond: 20 },
  httpLimit: { capacity: 200, perSecond: 100 },
  /** An analysis holds a thread for up to 10 s: a burst of 10, then one a second. */
  analyseLimit: { capacity: 10, perSecond: 1 },
  /** A program with its own token: a burst of 60, then five a second (the pool still bounds it). */
  tokenAnalyseLimit: { capacity: 60, perSecond: 5 },
  /** A password hash takes ~100 ms of a libuv thread: a burst of 10, then one every 2 s. */
  accountsLimit: { capacity: 10, perSecond: 0.5 },
  /** Challenging is a few clicks a minute: a burst of 30 (above the 20 open), then one every 5 s. */
  challengeLimit: { capacity: 30, perSecond: 0.2 },
  /** A conversation, not a flood: a burst of 5 lines, then one every 2 s. */
  chatLimit: { capacity: 5, perSecond: 0.5 },
  connectLimit: { capacity: 50, perSecond: 10 },
  clientDir: resolve('dist/client'),
  clockSweepMs: 250,
  disconnectGraceMs: 60_000,
  // One core stays with the event loop.
  engineThreads: Math.max(1, availableParallelism() - 1),
  engineQueue: 256,
  engineHashMb: 16,
  // An analysis whose process stopped writing this long ago is taken over by another.
  analysisStaleMs: 15_000,
  engineNice: 10,
  computerSweepMs: 1000,
  computerThinkScale: 1,
  origins: [],
  // lila pairs an arena every 2 s or so.
  tournamentTickMs: 2000,
  explorerIndexMs: 2000,
  roomSyncMs: 1000,
  arenaSchedule: true,
  puzzleDir: resolve('assets/puzzles'),
  mastersDir: resolve('assets/masters'),
};
