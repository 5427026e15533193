/**
 * `npm run bench:arena [-- --quick] [--bots N] [--minutes M] [--play-s S] [--processes P]
 * [--tick MS] [--think A-B] [--join-width W] [--kill]`: issue 30's arena figures through real server processes
 * (`node dist/main.js`, on PostgreSQL in a fresh schema).
 *   1. P server processes (default 2) run the arenas' clock every --tick ms (2000); one account
 *      makes a casual russian arena (0.5+0), N guest bots join it by REST, each with a
 *      socket.io client (spread over the processes). A bot plays a random legal move after A-B ms
 *      (10-50), or resigns at a random ply from 2 to 60 (short games); between games it waits to
 *      be paired again.
 *   2. Measured while they play for S seconds: each pairing wave (read from every process's test
 *      API): its time, and whether it paired every waiting player but one; players paired twice
 *      at once (match:start while their game is still active, confirmed by asking the server);
 *      how long a bot waits between its game's end and its next start (and how many waited past
 *      two ticks and a wave); the first standings page's latency (read every 250 ms); games and
 *      moves per second.
 *   3. Then the bots pause (not paired again) and resign what they play, and every player's stored
 *      points are compared with the points recounted from the stored games (test API).
 * --kill: the last process is killed (-9) half way; its bots reconnect to the first one (same
 * token), pick their game up again, and the checks must still hold (the first process takes
 * the waves over: the advisory lock died with the killed one's connection).
 * The server refuses arenas under 20 minutes, so a short run ends early: it stops after S s.
 * --join-width W: joins W at a time (default 8; before joins locked the arena's row FOR UPDATE,
 *   two at once deadlocked and the bench joined one at a time).
 * --quick (CI smoke): 40 bots, 25 s of play. Prints PASS/FAIL lines; exits 1 on a FAIL.
 */
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import type { MatchState, MoveEvent, TournamentPage } from '../src/common/protocol.js';
import { Position, unwrap } from '../src/rules/index.js';
import { latency, loopDelay } from '../src/testing/latency.js';
import { alive, startProc, type Proc } from '../test/cluster/procs.js';
import { freshDatabase } from './server/fresh-database.js';
import { createPlayers, pool, type Player, type WireSocket } from './server/clients.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const quick = args.includes('--quick');
const kill = args.includes('--kill');
const BOTS = Number(opt('bots', quick ? '40' : '1000'));
const MINUTES = Number(opt('minutes', '20'));
const PLAY_S = Number(opt('play-s', quick ? '25' : '300'));
const PROCESSES = Number(opt('processes', '2'));
const TICK_MS = Number(opt('tick', '2000'));
const [THINK_MIN, THINK_MAX] = opt('think', '10-50').split('-').map(Number);
const CLOCK = { initial: 30_000, increment: 0 };
const VARIANT = 'russian';
const STANDINGS_EVERY_MS = 250;
const JOIN_WIDTH = Number(opt('join-width', '8'));
/** Time allowed per join before the start. */
const JOIN_MS = 100;
const WAVES_EVERY_MS = 3_000;
if (kill && PROCESSES < 2) throw new Error('--kill needs --processes 2 or more');
if (PLAY_S > MINUTES * 60 - 10) throw new Error('--play-s must end before the arena does');

const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const log = (s: string) => console.log(`[${((performance.now() - T0) / 1000).toFixed(1)}s] ${s}`);
const T0 = performance.now();

// ---- what is measured ------------------------------------------------------------------------

interface Wave {
  tournamentId: string;
  ms: number;
  waiting: number;
  paired: number;
  at: number;
  proc: number;
}
const waves: Wave[] = [];
/** From a game's end (as its bot saw it) to the bot's next match:start, ms. */
const waits: number[] = [];
const standingsMs: number[] = [];
/**
 * Sampled every 500 ms from pg_stat_activity: the servers' connections waiting for a lock, and of
 * them those waiting for the arena's row FOR SHARE (game endings, joins) or FOR UPDATE (waves).
 */
const lockSamples: { all: number; share: number; update: number }[] = [];
/** match:move sent to its ack, ms. */
const moveAcks: number[] = [];
/** match:resign sent to its ack (the game's end, scored in its transaction), ms. */
const resignAcks: number[] = [];
/** POST join, ms (before the start). */
const joinMs: number[] = [];
let standingsErrors = 0;
let moves = 0;
let moveRefusals = 0;
const refusalCodes = new Map<string, number>();
const gamesEnded = new Set<string>();
const gamesStarted = new Set<string>();
/** match:start while the bot's game was still active by the server's own word. */
const pairedTwice: string[] = [];
/** match:start before the previous game's match:end reached the bot (the old game had ended). */
let endAfterStart = 0;
/** Games a bot learned of from its page after a reconnect, never having had their match:start. */
let missedStarts = 0;
let reconnects = 0;
/** Joins answered 500 (retried). */
let joinErrors = 0;
const problems: string[] = [];
const problem = (s: string) => {
  if (problems.length < 50) problems.push(s);
};

// ---- the bots --------------------------------------------------------------------------------

interface Game {
  id: string;
  color: 'white' | 'black';
  pos: Position;
  ply: number;
  turn: 'white' | 'black' | null;
  resignAt: number;
  /** The ply a move was last sent at (one move in flight per game). */
  sentAt: number;
}
interface Bot {
  i: number;
  player: Player;
  proc: number;
  socket: WireSocket;
  game: Game | null;
  /** When the bot's last game ended (it waits to be paired since). */
  endedAt: number | null;
  last: Set<string>;
}

let arenaId = '';
let playing = true;
let servers: Proc[] = [];
const bots: Bot[] = [];

function connectBot(b: Bot): Promise<void> {
  const s: WireSocket = io(servers[b.proc].url, {
    auth: { token: b.player.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
  });
  b.socket = s;
  s.on('match:start', (m) => onStart(b, m));
  s.on('match:move', (e) => onMove(b, e));
  s.on('match:end', (e) => onEnd(b, e.matchId));
  s.on('disconnect', () => {
    if (s === b.socket && stopping === false) void reconnect(b);
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
}

let stopping = false;

/** A bot whose process died: to the first living one, same token, its game picked up again. */
async function reconnect(b: Bot): Promise<void> {
  const to = servers.findIndex((p) => alive(p));
  if (to < 0) return;
  b.proc = to;
  for (let attempt = 0; ; attempt++) {
    try {
      await connectBot(b);
      break;
    } catch (e) {
      if (attempt > 20) return problem(`bot ${b.i} could not reconnect: ${String(e)}`);
      await sleep(500);
    }
  }
  reconnects++;
  // Whatever happened while it was away: its current game by its page.
  const page = await get<TournamentPage>(`/api/tournament/${arenaId}`, b.player.token, to);
  const now = page.me?.matchId ?? null;
  if (now && now !== b.game?.id && !gamesStarted.has(now)) missedStarts++;
  if (now) await resume(b, now);
  else if (b.game) onEnd(b, b.game.id);
}

/** The game as the server has it now (after a reconnect, or a start that looked like a double). */
async function state(b: Bot, matchId: string): Promise<MatchState | null> {
  const ack = await b.socket
    .timeout(30_000)
    .emitWithAck('match:join', { matchId })
    .catch((e: Error) => ({ ok: false as const, error: { code: e.message } }));
  if (!ack.ok) {
    problem(`match:join ${matchId}: ${JSON.stringify(ack)}`);
    return null;
  }
  void b.socket.emit('match:leave', { matchId }, () => undefined);
  return ack.match;
}

async function resume(b: Bot, matchId: string): Promise<void> {
  const m = await state(b, matchId);
  if (!m) return;
  if (m.status !== 'active') return onEnd(b, matchId);
  if (b.game?.id !== matchId) onStart(b, m);
  else {
    b.game.pos = unwrap(Position.fromFen(m.variant, m.fen));
    b.game.ply = m.ply;
    b.game.turn = m.turn;
    b.game.sentAt = -1;
    think(b, b.game);
  }
}

function onStart(b: Bot, m: MatchState): void {
  if (m.tournamentId !== arenaId) return;
  if (b.game && b.game.id === m.id) return;
  const at = performance.now();
  gamesStarted.add(m.id);
  if (b.game) {
    // Its game looks active: either paired twice, or that game's end has not reached us yet.
    const old = b.game.id;
    void state(b, old).then((s) => {
      if (s && s.status === 'active') {
        pairedTwice.push(`${b.player.id}: ${m.id} started while ${old} was active`);
      } else endAfterStart++;
    });
  } else if (b.endedAt !== null && playing) waits.push(at - b.endedAt);
  b.endedAt = null;
  const color = m.white.id === b.player.id ? 'white' : 'black';
  b.last.add(color === 'white' ? m.black.id : m.white.id);
  const g: Game = {
    id: m.id,
    color,
    pos: unwrap(Position.fromFen(m.variant, m.fen)),
    ply: m.ply,
    turn: m.turn,
    resignAt: randomInt(2, 61),
    sentAt: -1,
  };
  b.game = g;
  think(b, g);
}

function onMove(b: Bot, e: MoveEvent): void {
  const g = b.game;
  if (!g || g.id !== e.matchId || e.ply <= g.ply) return;
  g.pos = unwrap(Position.fromFen(VARIANT, e.fen));
  g.ply = e.ply;
  g.turn = e.turn;
  think(b, g);
}

function onEnd(b: Bot, matchId: string): void {
  gamesEnded.add(matchId);
  if (b.game?.id !== matchId) return;
  b.game = null;
  b.endedAt = performance.now();
}

/** On its turn, the bot moves after a think (or resigns, at its ply). */
function think(b: Bot, g: Game): void {
  if (g.turn !== g.color || g.sentAt >= g.ply) return;
  g.sentAt = g.ply;
  const ply = g.ply;
  setTimeout(() => void play(b, g, ply), THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
}

async function play(b: Bot, g: Game, ply: number): Promise<void> {
  if (b.game !== g || g.ply !== ply) return;
  if (!playing || ply >= g.resignAt) {
    const t0 = performance.now();
    const ack = await b.socket
      .timeout(60_000)
      .emitWithAck('match:resign', { matchId: g.id })
      .catch((e: Error) => ({ ok: false as const, error: { code: e.message } }));
    if (!ack.ok && playing) refused(ack.error.code);
    if (ack.ok && playing) resignAcks.push(performance.now() - t0);
    return;
  }
  const legal = g.pos.legalMoves();
  if (legal.length === 0) return; // lost: the end is on its way
  const m = legal[Math.floor(Math.random() * legal.length)];
  const t0 = performance.now();
  const ack = await b.socket
    .timeout(60_000)
    .emitWithAck('match:move', { matchId: g.id, path: m.path, ply })
    .catch((e: Error) => ({ ok: false as const, error: { code: e.message } }));
  if (!ack.ok) return playing ? refused(ack.error.code) : undefined;
  moveAcks.push(performance.now() - t0);
  moves++;
  onMove(b, ack.move);
}

function refused(code: string): void {
  moveRefusals++;
  refusalCodes.set(code, (refusalCodes.get(code) ?? 0) + 1);
}

// ---- HTTP ------------------------------------------------------------------------------------

async function call<T>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  proc = 0,
): Promise<T> {
  const r = await fetch(`${servers[proc].url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
const get = <T>(path: string, token?: string, proc = 0) =>
  call<T>('GET', path, token, undefined, proc);
const living = () => servers.map((p, i) => [p, i] as const).filter(([p]) => alive(p));

async function collectWaves(): Promise<void> {
  for (const [, i] of living()) {
    try {
      const r = await call<{ waves: Omit<Wave, 'proc'>[] }>(
        'POST',
        '/api/test/tournaments/waves',
        undefined,
        undefined,
        i,
      );
      for (const w of r.waves) if (w.tournamentId === arenaId) waves.push({ ...w, proc: i });
    } catch (e) {
      if (alive(servers[i])) problem(`waves from process ${i}: ${String(e)}`);
    }
  }
}

// ---- the run ---------------------------------------------------------------------------------

const database = await freshDatabase('arena', false, base);
/** The servers' connections are named, so the lock sampler below counts only theirs. */
const APP_NAME = `arena-bench-${process.pid}`;
const env: Record<string, string> = {
  ...database.env,
  PGAPPNAME: APP_NAME,
  DAMAS_TEST_API: '1',
  TOURNAMENT_TICK_MS: String(TICK_MS),
  ARENA_SCHEDULE: '0',
  RATE_HTTP: '1000000/1000000',
  RATE_ACCOUNTS: '1000000/1000000',
  RATE_CHALLENGE: '1000000/1000000',
  RATE_SOCKET: '1000000/1000000',
  RATE_CONNECT: '1000000/1000000',
};
const checks: [string, boolean][] = [];
const check = (name: string, ok: boolean) => {
  checks.push([name, ok]);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
};
let killedAt: number | null = null;
let playMs = 0;
const timers: NodeJS.Timeout[] = [];
const closers: (() => void)[] = [];
const own = monitorEventLoopDelay({ resolution: 10 });
try {
  servers = await Promise.all(Array.from({ length: PROCESSES }, () => startProc(env)));
  log(`${PROCESSES} server processes on PostgreSQL, tick ${TICK_MS} ms`);
  const owner = await call<Player>('POST', '/api/accounts', undefined, {
    username: `arena${Date.now() % 1e8}`,
    password: 'correct horse battery',
  });
  const players = await createPlayers(servers[0].url, BOTS);
  await pool(players, 32, async (player, i) => {
    const b: Bot = {
      i,
      player,
      proc: i % PROCESSES,
      socket: null as unknown as WireSocket,
      game: null,
      endedAt: null,
      last: new Set(),
    };
    bots.push(b);
    await connectBot(b);
  });
  log(`${BOTS} guests connected`);
  // The joins go before the start: a join waits for the arena's row, which a running wave holds.
  const startsAt = new Date(Date.now() + 5_000 + BOTS * JOIN_MS);
  const t = await call<{ id: string }>('POST', '/api/tournament', owner.token, {
    name: 'Arena bench',
    variant: VARIANT,
    clock: CLOCK,
    minutes: MINUTES,
    startsAt: startsAt.toISOString(),
    rated: false,
  });
  arenaId = t.id;
  // A 500 (seen when two joins at once deadlocked on the arena's row) is counted and retried:
  // the count must stay 0.
  await pool(bots, JOIN_WIDTH, async (b) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const t0 = performance.now();
        await call('POST', `/api/tournament/${arenaId}/join`, b.player.token, {}, b.proc);
        if (joinMs.push(performance.now() - t0) % 100 === 0) log(`${joinMs.length} joined`);
        return;
      } catch (e) {
        if (!String(e).includes(': 500 ') || attempt >= 20) throw e;
        joinErrors++;
        await sleep(Math.random() * 50);
      }
    }
  });
  log(
    `${BOTS} joined (${joinErrors} joins answered 500 and retried); the arena starts at ${startsAt.toISOString()}`,
  );
  if (Date.now() > startsAt.getTime())
    problem(`the joins ended ${Date.now() - startsAt.getTime()} ms after the start`);
  await collectWaves();
  waves.length = 0;

  // Standings, read from another client (a guest's token) every 250 ms, alternating processes.
  let reads = 0;
  timers.push(
    setInterval(() => {
      const live = living();
      if (live.length === 0) return;
      const [, i] = live[reads++ % live.length];
      const t0 = performance.now();
      get(`/api/tournament/${arenaId}/standings?page=1`, undefined, i).then(
        () => standingsMs.push(performance.now() - t0),
        () => standingsErrors++,
      );
    }, STANDINGS_EVERY_MS),
  );
  timers.push(setInterval(() => void collectWaves(), WAVES_EVERY_MS));
  const sampler = new pg.Client({ connectionString: base });
  sampler.on('error', () => undefined);
  await sampler.connect();
  closers.push(() => void sampler.end());
  timers.push(
    setInterval(() => {
      sampler
        .query(
          `SELECT count(*)::int AS all,
             count(*) FILTER (WHERE query LIKE '%FROM tournaments WHERE id%FOR SHARE%')::int AS share,
             count(*) FILTER (WHERE query LIKE '%FROM tournaments WHERE id%FOR UPDATE%')::int AS update
           FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [APP_NAME],
        )
        .then(
          (r) => playing && lockSamples.push(r.rows[0]),
          () => undefined,
        );
    }, 500),
  );
  while (Date.now() < startsAt.getTime()) await sleep(100);
  own.enable();
  const playStart = performance.now();
  const movesBefore = moves;
  if (kill)
    setTimeout(
      () => {
        const victim = servers[servers.length - 1];
        log(`kill -9 process ${servers.length - 1} (pid ${victim.child.pid})`);
        killedAt = Date.now();
        victim.child.kill('SIGKILL');
      },
      (PLAY_S * 1000) / 2,
    );
  for (let s = 0; s < PLAY_S; s += 5) {
    await sleep(Math.min(5, PLAY_S - s) * 1000);
    log(
      `games started ${gamesStarted.size}, ended ${gamesEnded.size}, moves ${moves}, waves ${waves.length}`,
    );
  }
  playMs = performance.now() - playStart;
  const playEnd = Date.now();
  const playedMoves = moves - movesBefore;
  const [startedInPlay, endedInPlay] = [gamesStarted.size, gamesEnded.size];
  own.disable();

  // The end: paused (not paired again), then every game resigned; wait until none is left.
  playing = false;
  const [, alive0] = living()[0];
  await pool(bots, 64, (b) =>
    call('POST', `/api/tournament/${arenaId}/pause`, b.player.token, {}, alive0).catch((e: Error) =>
      problem(`pause: ${e.message}`),
    ),
  );
  log(`${BOTS} paused`);
  const until = Date.now() + 120_000;
  while (bots.some((b) => b.game) && Date.now() < until) {
    for (const b of bots) {
      const g = b.game;
      if (g) void play(b, g, g.ply);
    }
    await sleep(1_000);
  }
  stopping = true;
  const stillPlaying = bots.filter((b) => b.game).length;
  log(`the end: every bot paused, then games resigned until none was left`);
  await sleep(TICK_MS + 500);
  await collectWaves();
  for (const tm of timers) clearInterval(tm);

  // Bots still waiting when play stopped count as waiting since their game ended.
  const waitingAtStop = bots
    .filter((b) => b.endedAt !== null && b.endedAt < playStart + playMs)
    .map((b) => playStart + playMs - (b.endedAt as number));

  const recount = await get<{ stored: Record<string, number>; recounted: Record<string, number> }>(
    `/api/test/tournaments/${arenaId}/recount`,
    undefined,
    alive0,
  );
  const wrong = Object.keys(recount.stored).filter(
    (p) => recount.stored[p] !== recount.recounted[p],
  );
  const page = await get<TournamentPage>(`/api/tournament/${arenaId}`, undefined, alive0);

  // ---- the figures (the waves of the play, not of the end's pauses and resignations) ----
  const all = waves.splice(0);
  waves.push(...all.filter((w) => w.at <= playEnd));
  const slowest = [...waves].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const waveMs = latency(waves.map((w) => w.ms));
  const pairingWaves = waves.filter((w) => w.waiting >= 2);
  const short = pairingWaves.filter((w) => w.paired < w.waiting - 1);
  // Two players who just played each other are not paired again (but in an arena of 12 or less).
  const unexplained = short.filter((w) => !(w.waiting === 2 && w.paired === 0));
  const threshold = 2 * TICK_MS + waveMs.max;
  const allWaits = [...waits, ...waitingAtStop];
  const longWaits = allWaits.filter((w) => w > threshold);
  const typical = 2 * TICK_MS + waveMs.p50;
  const longTypical = allWaits.filter((w) => w > typical).length;
  const wait = latency(waits);
  const std = latency(standingsMs);
  const byProc = servers.map((_, i) => waves.filter((w) => w.proc === i).length);
  const ownDelay = loopDelay(own, 10);
  const paired = waves.reduce((n, w) => n + w.paired, 0);

  console.log(
    `\n${BOTS} bots, ${PROCESSES} processes on PostgreSQL, tick ${TICK_MS} ms, clock ${CLOCK.initial / 1000}+${CLOCK.increment / 1000}, think ${THINK_MIN}-${THINK_MAX} ms, ${fmt(playMs / 1000)} s of play${kill ? ', one process killed -9 half way' : ''}\n`,
  );
  console.log('| measure | n | p50 | p99 | max |\n| --- | --- | --- | --- | --- |');
  console.log(
    `| pairing wave, ms | ${waveMs.n} | ${fmt(waveMs.p50)} | ${fmt(waveMs.p99)} | ${fmt(waveMs.max)} |`,
  );
  const wq = latency(pairingWaves.map((w) => w.waiting));
  console.log(
    `| players waiting in a wave | ${wq.n} | ${fmt(wq.p50, 0)} | ${fmt(wq.p99, 0)} | ${fmt(wq.max, 0)} |`,
  );
  console.log(
    `| game end to next match:start, ms | ${wait.n} | ${fmt(wait.p50, 0)} | ${fmt(wait.p99, 0)} | ${fmt(wait.max, 0)} |`,
  );
  const ma = latency(moveAcks);
  console.log(
    `| match:move ack, ms | ${ma.n} | ${fmt(ma.p50)} | ${fmt(ma.p99)} | ${fmt(ma.max)} |`,
  );
  const ra = latency(resignAcks);
  console.log(
    `| match:resign ack (the game's end and its score), ms | ${ra.n} | ${fmt(ra.p50)} | ${fmt(ra.p99)} | ${fmt(ra.max)} |`,
  );
  const jm = latency(joinMs);
  console.log(
    `| join (POST, one at a time, before the start), ms | ${jm.n} | ${fmt(jm.p50)} | ${fmt(jm.p99)} | ${fmt(jm.max)} |`,
  );
  console.log(
    `| standings page 1 (GET), ms | ${std.n} | ${fmt(std.p50)} | ${fmt(std.p99)} | ${fmt(std.max)} |`,
  );
  console.log(
    `\nslowest waves: ${slowest.map((w) => `${w.ms} ms (${w.paired}/${w.waiting} paired, process ${w.proc}, ${fmt((w.at - (playEnd - playMs)) / 1000, 0)} s in)`).join('; ')}`,
  );
  console.log(
    `games started in play ${startedInPlay}, ended ${endedInPlay} (in all ${gamesStarted.size} and ${gamesEnded.size}); players paired ${paired} (${waves.length} waves: ${byProc.join(' + ')} by process); moves ${playedMoves} in play = ${fmt(playedMoves / (playMs / 1000))}/s; games ${fmt(startedInPlay / (playMs / 1000))}/s`,
  );
  console.log(
    `waves short of players (paired < waiting - 1): ${short.length} of ${pairingWaves.length} (${short.length - unexplained.length} of two last opponents)${
      unexplained.length
        ? `: ${unexplained
            .slice(0, 10)
            .map((w) => `${w.paired}/${w.waiting}`)
            .join(', ')}`
        : ''
    }`,
  );
  console.log(
    `players waiting past two waves (> 2 x ${TICK_MS} + ${fmt(waveMs.max, 0)} ms): ${longWaits.length} of ${allWaits.length} waits (${waitingAtStop.length} still waiting at the stop); > 2 x ${TICK_MS} + the median wave (${fmt(waveMs.p50, 0)} ms): ${longTypical}`,
  );
  console.log(
    `match:start before the last game's match:end reached the bot: ${endAfterStart}; paired twice: ${pairedTwice.length}; reconnects ${reconnects}, games found only by the page after a reconnect ${missedStarts}`,
  );
  console.log(`joins answered 500 (then retried): ${joinErrors}`);
  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(xs.length, 1);
  const [sAll, sShare, sUpdate] = (['all', 'share', 'update'] as const).map((k) =>
    lockSamples.map((x) => x[k]),
  );
  console.log(
    `server connections waiting for a lock (${lockSamples.length} samples): mean ${fmt(mean(sAll))}, max ${Math.max(0, ...sAll)}; for the arena's row FOR SHARE (game endings, joins) mean ${fmt(mean(sShare))}, max ${Math.max(0, ...sShare)}, in ${sShare.filter((x) => x > 0).length} samples; FOR UPDATE (waves) max ${Math.max(0, ...sUpdate)}`,
  );
  console.log(
    `move or resign refusals: ${moveRefusals} (${[...refusalCodes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}); standings errors ${standingsErrors}; this process's event-loop delay p50 ${ownDelay.p50} ms, p99 ${ownDelay.p99} ms`,
  );
  console.log(
    `arena: ${page.tournament.status}, ${page.tournament.players} players, leader ${page.standings.players[0]?.score ?? '-'} points${stillPlaying ? `; ${stillPlaying} games still active after the resignations` : ''}\n`,
  );
  for (const p of problems) console.log(`problem: ${p}`);
  for (const p of pairedTwice.slice(0, 10)) console.log(`paired twice: ${p}`);
  if (wrong.length)
    console.log(
      `recount differs: ${wrong
        .slice(0, 10)
        .map((p) => `${p} stored ${recount.stored[p]} recounted ${recount.recounted[p]}`)
        .join('; ')}`,
    );

  check(`games were played (${gamesEnded.size})`, gamesEnded.size >= BOTS / 2);
  check(
    `every wave paired all waiting players but one (${unexplained.length} did not)`,
    unexplained.length === 0,
  );
  check(`no player paired twice (${pairedTwice.length})`, pairedTwice.length === 0);
  check(
    `stored points == recounted for every player (${Object.keys(recount.stored).length} players, ${wrong.length} differ)`,
    wrong.length === 0 && Object.keys(recount.stored).length === BOTS,
  );
  check(`every game ended after the resignations (${stillPlaying} left)`, stillPlaying === 0);
  if (kill) {
    const after = waves.filter((w) => killedAt !== null && w.at > killedAt + 2 * TICK_MS);
    check(
      `the arena still paired after the kill (${after.filter((w) => w.paired > 0).length} waves paired)`,
      after.some((w) => w.paired > 0),
    );
  }
} catch (e) {
  for (const [i, p] of servers.entries())
    console.log(`process ${i}'s log (end):\n${p.log.join('').split('\n').slice(-30).join('\n')}`);
  throw e;
} finally {
  // The servers' whole logs, for what went wrong (deadlocks, failed ticks).
  for (const [i, p] of servers.entries())
    writeFileSync(join(tmpdir(), `arena-bench-process-${i}.log`), p.log.join(''));
  for (const tm of timers) clearInterval(tm);
  for (const c of closers) c();
  stopping = true;
  for (const b of bots) b.socket?.close();
  await database.stop(servers);
}
if (checks.some(([, ok]) => !ok)) process.exit(1);
