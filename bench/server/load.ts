/**
 * The load generator of `npm run bench:server`: a separate process of simulated players speaking
 * PROTOCOL.md over socket.io to one server on loopback. Started by bench/server/run.ts with a
 * JSON job in argv[2]; prints one JSON result line on stdout. Bounded: every phase has a
 * deadline, and the process exits when its job is done.
 *
 *  play    N games; each player answers its opponent `thinkMs` (±50%) after the opponent's
 *          move (0 = at once, "as fast as possible"); finished games re-queue. Measures acked
 *          moves per second in a steady window, emit->ack and emit->opponent latency, errors.
 *  idle    N connected sockets doing nothing; the runner reads server memory around it.
 *  queue   the same N sockets all send queue:join at once: time until every player has its
 *          match:start, each exactly once, in matches of two distinct players.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AckOf, Challenge } from '../../src/common/protocol.js';
import { Position, unwrap, type Color } from '../../src/rules/index.js';
import { latency, loopDelay, type Latency } from '../../src/testing/latency.js';
import { connect, createPlayers, pool, type Player, type WireSocket } from './clients.js';

export interface Job {
  url: string;
  /**
   * play: several server processes sharing one database; player i connects to urls[i % n] (the
   * accounts are created through the first), so most games pair players of different processes.
   */
  urls?: string[];
  /**
   * play: how games start. 'queue' (default): queue:join, again after each game. 'partner':
   * players 2k and 2k+1 (on different processes when there are several) play each other again
   * and again, each game a challenge 2k makes through its process and 2k+1 accepts through its
   * own (the queue pairs each process's joins mostly among themselves).
   */
  pairing?: 'queue' | 'partner';
  kind: 'play' | 'idle-queue';
  /** play: games (2 players each). idle-queue: sockets (players). */
  count: number;
  thinkMs?: number;
  warmupMs?: number;
  measureMs?: number;
}

export interface PlayResult {
  kind: 'play';
  games: number;
  moves: number;
  seconds: number;
  movesPerSecond: number;
  ack: Latency;
  opponent: Latency;
  errors: Record<string, number>;
  gamesFinished: number;
  /** The load generator's own event-loop delay in the window (ms): part of every latency. */
  loopDelay: { p50: number; p99: number; max: number };
  /** With job.urls: games started over the whole run, and those whose players were on different processes. */
  processes?: { n: number; matches: number; crossProcess: number };
}

export interface IdleQueueResult {
  kind: 'idle-queue';
  sockets: number;
  connectSeconds: number;
  pairedSeconds: number;
  paired: number;
  matches: number;
  duplicates: number;
  badMatches: number;
  errors: Record<string, number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Stats {
  moves = 0;
  ack: number[] = [];
  opponent: number[] = [];
  errors: Record<string, number> = {};
  measuring = false;
  sent = new Map<string, number>();
  gamesFinished = 0;
  timeline: [number, number][] = [];
  /** With job.urls: each player's process (index into urls). */
  processOf = new Map<string, number>();
  matches = 0;
  crossProcess = 0;

  error(code: string): void {
    this.errors[code] = (this.errors[code] ?? 0) + 1;
  }
}

/** One simulated player of the play workload. */
class Bot {
  matchId: string | null = null;
  color: Color | null = null;
  fen = '';
  ply = 0;
  private timer: NodeJS.Timeout | null = null;
  private rand: () => number;
  /** What starts this player's next game once one ends (default: queue:join). */
  next: () => void = () => this.queue();

  constructor(
    readonly me: Player,
    readonly socket: WireSocket,
    readonly stats: Stats,
    readonly thinkMs: number,
    readonly running: () => boolean,
    seed: number,
  ) {
    let s = seed;
    this.rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    socket.on('match:start', (m) => {
      this.matchId = m.id;
      this.color = m.white.id === me.id ? 'white' : 'black';
      this.fen = m.fen;
      this.ply = m.ply;
      if (this.color === 'white') {
        stats.matches++;
        if (stats.processOf.get(m.white.id) !== stats.processOf.get(m.black.id))
          stats.crossProcess++;
      }
      this.schedule(m.turn);
    });
    socket.on('match:move', (e) => {
      if (e.matchId !== this.matchId || e.ply <= this.ply) return;
      this.ply = e.ply;
      this.fen = e.fen;
      if (e.by !== this.color) {
        const key = `${e.matchId}:${e.ply}`;
        const t0 = stats.sent.get(key);
        if (t0 !== undefined && stats.measuring) {
          const ms = performance.now() - t0;
          stats.opponent.push(ms);
          if (TIMELINE) stats.timeline.push([t0, ms]);
        }
        stats.sent.delete(key);
        this.schedule(e.turn);
      }
    });
    socket.on('match:end', (e) => {
      if (e.matchId !== this.matchId) return;
      this.matchId = null;
      if (this.timer) clearTimeout(this.timer);
      if (this.color === 'white') stats.gamesFinished++;
      if (this.running()) this.next();
    });
    socket.on('disconnect', () => this.running() && stats.error('DISCONNECTED'));
  }

  queue(): void {
    this.socket
      .timeout(30_000)
      .emitWithAck('queue:join', { variant: 'brazilian' })
      .then(
        (a: AckOf<'queue:join'>) => a.ok || this.stats.error(a.error?.code ?? 'UNKNOWN'),
        () => this.stats.error('QUEUE_TIMEOUT'),
      );
  }

  private schedule(turn: Color | null): void {
    if (!this.running() || turn !== this.color) return;
    const wait = this.thinkMs * (0.5 + this.rand());
    if (wait <= 0) void this.move();
    else this.timer = setTimeout(() => void this.move(), wait);
  }

  private async move(): Promise<void> {
    const matchId = this.matchId;
    if (!matchId || !this.running()) return;
    const moves = unwrap(Position.fromFen('brazilian', this.fen)).legalMoves();
    if (moves.length === 0) return;
    const path = moves[Math.floor(this.rand() * moves.length)].path;
    const key = `${matchId}:${this.ply + 1}`;
    const t0 = performance.now();
    this.stats.sent.set(key, t0);
    try {
      const a = (await this.socket
        .timeout(30_000)
        .emitWithAck('match:move', { matchId, path })) as AckOf<'match:move'>;
      if (!a.ok) {
        this.stats.error(a.error?.code ?? 'UNKNOWN');
        return;
      }
      if (this.stats.measuring) {
        this.stats.moves++;
        this.stats.ack.push(performance.now() - t0);
      }
    } catch {
      this.stats.error('ACK_TIMEOUT');
    }
  }
}

/** BENCH_TIMELINE=1: per-second moves and emit->opponent p50/p99 on stderr (where tails come from). */
const TIMELINE = process.env.BENCH_TIMELINE === '1';
function printTimeline(points: [number, number][], t0: number): void {
  const bySecond = new Map<number, number[]>();
  for (const [t, ms] of points) {
    const s = Math.floor((t - t0) / 1000);
    const xs = bySecond.get(s) ?? [];
    xs.push(ms);
    bySecond.set(s, xs);
  }
  for (const [s, xs] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    const l = latency(xs);
    console.error(`t=${s}s moves ${xs.length} p50 ${l.p50} p99 ${l.p99} max ${l.max}`);
  }
}

/** The loop is sampled every LOOP_MS; what it reports beyond that is lateness. */
const LOOP_MS = 5;

async function play(job: Job): Promise<PlayResult> {
  const urls = job.urls?.length ? job.urls : [job.url];
  const players = await createPlayers(urls[0], job.count * 2);
  const sockets = await pool(players, 64, (p, i) => connect(urls[i % urls.length], p.token));
  const stats = new Stats();
  players.forEach((p, i) => stats.processOf.set(p.id, i % urls.length));
  let running = true;
  const bots = players.map(
    (p, i) => new Bot(p, sockets[i], stats, job.thinkMs ?? 0, () => running, i + 1),
  );
  if (job.pairing === 'partner') {
    for (let k = 0; k + 1 < bots.length; k += 2) {
      const [a, b] = [k, k + 1];
      const start = () =>
        void challenge(players[a], urls[a % urls.length], players[b], urls[b % urls.length], stats);
      bots[a].next = start;
      bots[b].next = () => undefined;
      start();
    }
  } else for (const b of bots) b.queue();
  await sleep(job.warmupMs ?? 5_000);
  await checkpoint('measure-start');
  const loop = monitorEventLoopDelay({ resolution: LOOP_MS });
  loop.enable();
  stats.measuring = true;
  const t0 = performance.now();
  await sleep(job.measureMs ?? 20_000);
  stats.measuring = false;
  loop.disable();
  const seconds = (performance.now() - t0) / 1000;
  if (TIMELINE) printTimeline(stats.timeline, t0);
  await checkpoint('measure-end');
  running = false;
  await sleep(1_000);
  for (const s of sockets) s.disconnect();
  return {
    kind: 'play',
    games: job.count,
    moves: stats.moves,
    seconds: Math.round(seconds * 100) / 100,
    movesPerSecond: Math.round(stats.moves / seconds),
    ack: latency(stats.ack),
    opponent: latency(stats.opponent),
    errors: stats.errors,
    gamesFinished: stats.gamesFinished,
    loopDelay: loopDelay(loop, LOOP_MS),
    ...(job.urls
      ? {
          processes: {
            n: urls.length,
            matches: stats.matches,
            crossProcess: stats.crossProcess,
          },
        }
      : {}),
  };
}

/** A game between `a` and `b`: `a` challenges through `aUrl`, `b` accepts through `bUrl`. */
async function challenge(
  a: Player,
  aUrl: string,
  b: Player,
  bUrl: string,
  stats: Stats,
): Promise<void> {
  const post = (url: string, path: string, token: string, body: unknown = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const fail = async (code: string, r: Response) => {
    if (!stats.errors[code]) console.error(`${code}: ${await r.text()}`);
    stats.error(code);
  };
  try {
    const r = await post(aUrl, '/api/challenges', a.token, { variant: 'brazilian' });
    if (!r.ok) return await fail(`CHALLENGE_${r.status}`, r);
    const { id } = (await r.json()) as Challenge;
    const accepted = await post(bUrl, `/api/challenges/${id}/accept`, b.token);
    if (!accepted.ok) return await fail(`ACCEPT_${accepted.status}`, accepted);
  } catch {
    stats.error('CHALLENGE_FAILED');
  }
}

/** Asks the runner to take a reading now; resolves when it has. */
function checkpoint(name: string): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.send?.({ checkpoint: name });
  });
}

async function idleQueue(job: Job): Promise<IdleQueueResult> {
  const players = await createPlayers(job.url, job.count);
  const errors: Record<string, number> = {};
  await checkpoint('before-connect');
  const c0 = performance.now();
  const sockets = await pool(players, 256, (p) => connect(job.url, p.token));
  const connectSeconds = (performance.now() - c0) / 1000;
  let disconnected = 0;
  let closing = false;
  for (const s of sockets) s.on('disconnect', () => closing || disconnected++);
  await sleep(2_000);
  await checkpoint('connected');

  // Everyone queues at once; each must receive exactly one match:start.
  const starts = new Map<string, { id: string; white: string; black: string }[]>();
  let done = 0;
  let last = 0;
  const all = new Promise<void>((resolve) => {
    players.forEach((p, i) =>
      sockets[i].on('match:start', (m) => {
        const list = starts.get(p.id) ?? [];
        list.push({ id: m.id, white: m.white.id, black: m.black.id });
        starts.set(p.id, list);
        if (list.length === 1 && ++done === players.length) resolve();
        last = performance.now();
      }),
    );
  });
  const q0 = performance.now();
  const acks = sockets.map((s) =>
    s
      .timeout(60_000)
      .emitWithAck('queue:join', { variant: 'brazilian' })
      .then(
        (a: AckOf<'queue:join'>) =>
          a.ok ||
          (errors[a.error?.code ?? 'UNKNOWN'] = (errors[a.error?.code ?? 'UNKNOWN'] ?? 0) + 1),
        () => (errors.ACK_TIMEOUT = (errors.ACK_TIMEOUT ?? 0) + 1),
      ),
  );
  await Promise.race([all, sleep(60_000)]);
  const pairedSeconds = ((done === players.length ? last : performance.now()) - q0) / 1000;
  await Promise.all(acks);
  await sleep(1_000); // late duplicates, if any, would arrive now
  if (disconnected) errors.DISCONNECTED = disconnected;

  const matches = new Map<string, { white: string; black: string; seenBy: Set<string> }>();
  let duplicates = 0;
  for (const [pid, list] of starts) {
    if (list.length > 1) duplicates += list.length - 1;
    for (const m of list) {
      const entry = matches.get(m.id) ?? { white: m.white, black: m.black, seenBy: new Set() };
      entry.seenBy.add(pid);
      matches.set(m.id, entry);
    }
  }
  let badMatches = 0;
  for (const m of matches.values()) {
    const ok =
      m.white !== m.black && m.seenBy.size === 2 && m.seenBy.has(m.white) && m.seenBy.has(m.black);
    if (!ok) badMatches++;
  }
  closing = true;
  for (const s of sockets) s.disconnect();
  return {
    kind: 'idle-queue',
    sockets: sockets.length,
    connectSeconds: Math.round(connectSeconds * 100) / 100,
    pairedSeconds: Math.round(pairedSeconds * 1000) / 1000,
    paired: done,
    matches: matches.size,
    duplicates,
    badMatches,
    errors,
  };
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const result = job.kind === 'play' ? await play(job) : await idleQueue(job);
// A pipe is written asynchronously: exit only once the line is out.
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
