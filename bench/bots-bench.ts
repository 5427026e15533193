/**
 * `npm run bench:bots [-- --quick] [--check] [--pglite] [--bots N] [--seconds S]
 * [--think-min MS] [--think-max MS] [--timeline]`: issue 17's Bot API under load, through a real
 * server process (`node dist/main.js`, PostgreSQL in a fresh schema by default, the embedded
 * PGlite with --pglite).
 *
 * N bots (default 200: 100 games, bot against bot) sign up, make a token (bot:play,
 * challenge:read, challenge:write) and become bots. Each opens its event stream; the even bot of
 * each pair challenges the odd one (5+3 clock), which accepts when the challenge reaches its
 * event stream; on `gameStart` each opens the game's stream. A bot whose turn a gameState shows
 * waits a think time (uniform in [think-min, think-max], default 300-1500 ms), then posts a
 * random legal move. When a game ends, the pair starts another, so every bot stays busy for the
 * whole run (default 60 s).
 *
 * Measured, all on this process's clock: the move POST's round trip (the ack; goal p99 < 50 ms),
 * the time from the POST (and from its ack) to the opponent's gameState line holding the move,
 * protocol errors (any non-2xx answer; a stream line out of order, skipped, after the end, before
 * gameFull; a stream that ends before its game; two players' streams that end on different move
 * lists): must be 0. Beside them, over the same window: the server process's CPU (user + system,
 * /proc/<pid>/stat) and memory (VmRSS sampled each second, VmHWM), its event-loop delay and move
 * batches' round trips (test API), PostgreSQL's CPU, and this load generator's own CPU and
 * event-loop delay (is the client the bottleneck?).
 *
 * Beside them, an account that plays nothing keeps its event stream open: the longest gap
 * between two lines it receives (keep-alives; from the window's start to its end) must stay
 * within the contract's 7 s while the server is busy with the games.
 *
 * --quick: 20 bots for 10 s (CI). --check: exit 1 on any protocol error, if no move was acked,
 * or if the idle stream went more than 7 s without a line (the p99 is a goal, read by hand). --timeline: per-second ack p50/p99 and the server's loop
 * delay (the server's window figures are then the seconds' median and worst). BENCH_SERVER_FLAGS: node flags for the server (e.g. --cpu-prof, --trace-gc).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { positionAfter } from '../examples/bot/lib.js';
import type {
  EventStreamLine,
  GameFullLine,
  GameStateLine,
  OpponentGoneLine,
} from '../src/common/protocol.js';
import { parseMoveText, type Position, type VariantId } from '../src/rules/index.js';
import { latency, loopDelay, type Latency } from '../src/testing/latency.js';
import { startProc, type Proc } from '../test/cluster/procs.js';
import { HttpClient, type Stream } from './bots/http.js';
import { pool } from './server/clients.js';
import { freshDatabase } from './server/fresh-database.js';
import { cpuSeconds, machineSeconds, postgresPids } from './server/procstat.js';

const args = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(args[i + 1]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} needs a number`);
  return n;
};
const quick = args.includes('--quick');
const check = args.includes('--check');
const embedded = args.includes('--pglite');
const timeline = args.includes('--timeline');
const BOTS = num('--bots', quick ? 20 : 200);
const SECONDS = num('--seconds', quick ? 10 : 60);
const THINK_MIN = num('--think-min', 300);
const THINK_MAX = num('--think-max', 1500);
if (BOTS < 2 || BOTS % 2) throw new Error('--bots: an even number, at least 2');
if (THINK_MAX < THINK_MIN) throw new Error('--think-max below --think-min');
const CLOCK = { initial: 300_000, increment: 3_000 };
const SCOPES = ['bot:play', 'challenge:read', 'challenge:write'];
const ACK_GOAL_MS = 50;
const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A figure, or - for none (a percentile of no samples is NaN, null once through JSON). */
const v = (x: number | null) => (x === null || Number.isNaN(x) ? '-' : String(x));
const fmt = (l: Latency) => `${v(l.p50)} / ${v(l.p95)} / ${v(l.p99)} / ${v(l.max)}`;
const int = (n: number) => n.toLocaleString('en-US');
interface Timings {
  loop: { p50: number; p99: number; max: number };
  batches: Latency & { moves: number };
}
const MB = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/** VmRSS and VmHWM of `pid`, kB. */
function memory(pid: number): { rss: number; hwm: number } {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

// ---- what the run counts --------------------------------------------------------------------

const errors = new Map<string, number>();
const examples: string[] = [];
function protocolError(kind: string, detail: string): void {
  errors.set(kind, (errors.get(kind) ?? 0) + 1);
  if (examples.length < 8) examples.push(`${kind}: ${detail}`);
}
const acks: number[] = [];
const ackAt: { at: number; ms: number }[] = [];
const sentToLine: number[] = [];
const ackToLine: number[] = [];
let linesBeforeAck = 0;
/** Challenge create and accept acks: the start (every pair at once), then the later games. */
const creates = { start: [] as number[], later: [] as number[] };
const accepts = { start: [] as number[], later: [] as number[] };
let gamesStarted = 0;
let gamesFinished = 0;
let opponentGone = 0;
/** Per move (`<game>:<ply>`): when its POST left, its ack came, the opponent's line came. */
const moveTimes = new Map<string, { sent: number; ack?: number; line?: number }>();
function settle(key: string): void {
  const m = moveTimes.get(key);
  if (!m || m.ack === undefined || m.line === undefined) return;
  moveTimes.delete(key);
  sentToLine.push(m.line - m.sent);
  if (m.line < m.ack) linesBeforeAck++;
  ackToLine.push(Math.max(0, m.line - m.ack));
}

// ---- the bots -------------------------------------------------------------------------------

interface Game {
  id: string;
  stream: Stream | null;
  full: boolean;
  color: 'white' | 'black';
  variant: VariantId;
  pos: Position | null;
  moves: string[];
  /** The ply count at which this bot last moved (one move per turn). */
  movedAt: number;
  over: boolean;
}

interface Bot {
  i: number;
  username: string;
  id: string;
  token: string;
  opponent: Bot;
  /** The pair's challenger (the even bot): it makes the next game when one ends. */
  challenger: boolean;
  events: Stream | null;
  games: Map<string, Game>;
}

let client: HttpClient | null = null;
const http = () => client as HttpClient;
let running = false;
let stopping = false;
let inFlight = 0;
/** A game's final move list as the first of its two players saw it end. */
const finals = new Map<string, string>();

async function challenge(a: Bot, start = false): Promise<void> {
  const r = await http().request('POST', `/api/challenge/${a.opponent.username}`, a.token, {
    clock: CLOCK,
  });
  if (r.status !== 201) return protocolError('challenge HTTP', `${r.status} ${r.text}`);
  creates[start ? 'start' : 'later'].push(r.ms);
}

function onEvent(b: Bot, raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) return protocolError('event line', String(raw));
  const line = raw as EventStreamLine;
  if (line.type === 'challenge') {
    const c = line.challenge;
    if (c.dest?.id !== b.id || c.challenger?.id !== b.opponent.id) return;
    const start = b.games.size === 0;
    void http()
      .request('POST', `/api/challenge/${c.id}/accept`, b.token)
      .then(
        (r) => {
          if (r.status !== 200 || !(r.body as { matchId?: string } | null)?.matchId)
            return protocolError('accept HTTP', `${r.status} ${r.text}`);
          accepts[start ? 'start' : 'later'].push(r.ms);
        },
        (e: Error) => protocolError('accept failed', e.message),
      );
  } else if (line.type === 'gameStart') {
    if (b.games.has(line.game.id)) return protocolError('gameStart twice', line.game.id);
    if (line.game.opponent?.id !== b.opponent.id)
      return protocolError('gameStart', `not against ${b.opponent.username}`);
    if (b.challenger) gamesStarted++;
    openGame(b, line.game.id);
  }
}

function openGame(b: Bot, id: string): void {
  const g: Game = {
    id,
    stream: null,
    full: false,
    color: 'white',
    variant: 'russian',
    pos: null,
    moves: [],
    movedAt: -1,
    over: false,
  };
  b.games.set(id, g);
  g.stream = http().stream(
    `/api/bot/game/stream/${id}`,
    b.token,
    (line, at) => onGameLine(b, g, line, at),
    (why) => {
      if (!g.over && !stopping) protocolError('game stream ended early', `${id}: ${why}`);
    },
  );
  g.stream.opened.then(
    (status) => {
      if (status !== 200) protocolError('game stream HTTP', `${status} ${id}`);
    },
    (e: Error) => protocolError('game stream failed', e.message),
  );
}

function onGameLine(b: Bot, g: Game, raw: unknown, at: number): void {
  if (g.over) return protocolError('line after the end', `${g.id}: ${JSON.stringify(raw)}`);
  const line = raw as GameFullLine | GameStateLine | OpponentGoneLine | null;
  let state: GameStateLine;
  if (line?.type === 'gameFull') {
    if (g.full) return protocolError('gameFull twice', g.id);
    g.full = true;
    g.color = line.white.id === b.id ? 'white' : 'black';
    g.variant = line.variant;
    g.pos = positionAfter(line.variant, line.initialFen, '');
    state = line.state;
  } else if (!g.full) {
    return protocolError('line before gameFull', `${g.id}: ${JSON.stringify(line)}`);
  } else if (line?.type === 'gameState') {
    state = line;
  } else if (line?.type === 'opponentGone') {
    opponentGone++;
    return;
  } else return protocolError('unknown line', JSON.stringify(line));

  const moves: string[] = state.moves ? state.moves.split(' ') : [];
  for (let k = 0; k < g.moves.length; k++)
    if (moves[k] !== g.moves[k])
      return protocolError(
        'line out of order',
        `${g.id}: ${g.moves.length} moves, then ${moves.length} differing at ${k}`,
      );
  if (moves.length > g.moves.length + 1 && line.type !== 'gameFull')
    protocolError('moves skipped', `${g.id}: ${g.moves.length} -> ${moves.length}`);
  let pos = g.pos as Position;
  for (let k = g.moves.length; k < moves.length; k++) {
    const mover = pos.turn;
    const parsed = parseMoveText(pos, moves[k]);
    if (!parsed.ok) return protocolError('illegal move in stream', `${g.id}: ${moves[k]}`);
    pos = pos.play(parsed.value);
    if (mover !== g.color) {
      const key = `${g.id}:${k + 1}`;
      const m = moveTimes.get(key);
      if (m) {
        m.line = at;
        settle(key);
      }
    }
  }
  g.pos = pos;
  g.moves = moves;
  if (state.status !== 'active') {
    g.over = true;
    gameOver(b, g);
    return;
  }
  if (pos.turn === g.color && g.movedAt < moves.length && running) {
    g.movedAt = moves.length;
    const think = THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN);
    setTimeout(() => void move(b, g, pos, moves.length), think);
  }
}

async function move(b: Bot, g: Game, pos: Position, ply: number): Promise<void> {
  if (!running || g.over) return;
  const legal = pos.legalMoves();
  if (legal.length === 0) return; // lost: the end is on its way
  const m = legal[Math.floor(Math.random() * legal.length)];
  const text = m.captures.length > 0 ? m.path.join('x') : `${m.from}-${m.to}`;
  const key = `${g.id}:${ply + 1}`;
  const times: { sent: number; ack?: number; line?: number } = { sent: performance.now() };
  moveTimes.set(key, times);
  inFlight++;
  try {
    const r = await http().request('POST', `/api/bot/game/${g.id}/move/${text}`, b.token);
    if (r.status !== 200) {
      moveTimes.delete(key);
      return protocolError('move HTTP', `${r.status} ${text} in ${g.id}: ${r.text}`);
    }
    acks.push(r.ms);
    if (timeline) ackAt.push({ at: r.at, ms: r.ms });
    times.ack = r.at;
    settle(key);
  } catch (e) {
    moveTimes.delete(key);
    protocolError('move failed', String(e));
  } finally {
    inFlight--;
  }
}

function gameOver(b: Bot, g: Game): void {
  g.stream?.close();
  const seen = finals.get(g.id);
  if (seen === undefined) {
    finals.set(g.id, g.moves.join(' '));
    return;
  }
  finals.delete(g.id);
  if (seen !== g.moves.join(' ')) protocolError('players saw different games', g.id);
  gamesFinished++;
  // Both sides have seen the end: the pair plays again.
  const a = b.challenger ? b : b.opponent;
  if (running) void challenge(a).catch((e: Error) => protocolError('challenge failed', e.message));
}

// ---- the run --------------------------------------------------------------------------------

const database = await freshDatabase('bots', embedded, base);
const env: Record<string, string> = {
  ...database.env,
  DAMAS_TEST_API: '1',
  RATE_HTTP: '1000000/1000000',
  RATE_ACCOUNTS: '1000000/1000000',
  RATE_CHALLENGE: '1000000/1000000',
  RATE_SOCKET: '1000000/1000000',
  RATE_CONNECT: '1000000/1000000',
};
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);

let server: Proc | null = null;
let idle: Stream | null = null;
/** The contract: at most this long between two lines of a stream (docs/BOT-API.md). */
const KEEPALIVE_GAP_MS = 7_000;
const bots: Bot[] = [];
const outcome = { failed: true }; // until the run says otherwise
try {
  server = await startProc(env, serverFlags);
  const pid = server.child.pid as number;
  client = new HttpClient(server.url, BOTS * 2 + 64);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- set-up answers, checked by use
  const ok = async (method: string, path: string, token?: string, body?: unknown): Promise<any> => {
    const r = await http().request(method, path, token, body);
    if (r.status < 200 || r.status > 299)
      throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const tag = Date.now().toString(36).slice(-5);
  const setupStart = performance.now();
  const made = await pool(Array.from({ length: BOTS }), 16, async (_, i) => {
    const username = `bb${tag}_${i}`;
    const account = await ok('POST', '/api/accounts', undefined, {
      username,
      password: `bench-bots-${tag}-${i}`,
    });
    const t = await ok('POST', '/api/tokens', account.token, {
      description: 'bots bench',
      scopes: SCOPES,
    });
    await ok('POST', '/api/bot/account/upgrade', t.token);
    return { i, username, id: account.id as string, token: t.token as string };
  });
  for (const m of made)
    bots.push({ ...m, challenger: m.i % 2 === 0, events: null, games: new Map() } as Bot);
  for (const b of bots) b.opponent = bots[b.i ^ 1];
  for (const b of bots) {
    b.events = http().stream(
      '/api/stream/event',
      b.token,
      (line) => onEvent(b, line),
      (why) => {
        if (!stopping) protocolError('event stream ended', `${b.username}: ${why}`);
      },
    );
  }
  const statuses = await Promise.all(bots.map((b) => (b.events as Stream).opened));
  if (statuses.some((s) => s !== 200)) throw new Error(`event streams: ${statuses.join(' ')}`);
  // An account with nothing to play: its event stream carries only keep-alives.
  const idleAccount = await ok('POST', '/api/accounts', undefined, {
    username: `bb${tag}_idle`,
    password: `bench-bots-${tag}-idle`,
  });
  const idleToken = await ok('POST', '/api/tokens', idleAccount.token, {
    description: 'bots bench: idle stream',
    scopes: ['challenge:read'],
  });
  const idleLines: number[] = [];
  idle = http().stream(
    '/api/stream/event',
    idleToken.token,
    () => undefined,
    (why) => {
      if (!stopping) protocolError('idle event stream ended', why);
    },
    (at) => idleLines.push(at),
  );
  if ((await idle.opened) !== 200) throw new Error('the idle event stream was refused');
  const setupMs = performance.now() - setupStart;

  // The window: from the first challenges to the stop.
  await http().request('POST', '/api/test/timings'); // starts the server's figures again
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const mem0 = memory(pid);
  let rssPeak = mem0.rss;
  const cpu0 = {
    server: cpuSeconds(pid),
    load: process.cpuUsage(),
    pg: 0,
    machine: machineSeconds(),
  };
  const pgPids = embedded ? [] : postgresPids();
  cpu0.pg = pgPids.reduce((s, p) => s + cpuSeconds(p), 0);
  const t0 = performance.now();
  running = true;
  await Promise.all(bots.filter((b) => b.challenger).map((a) => challenge(a, true)));
  const seconds: string[] = [];
  const ticks: Timings[] = [];
  for (let s = 1; performance.now() - t0 < SECONDS * 1000; s++) {
    await sleep(Math.max(0, t0 + s * 1000 - performance.now()));
    rssPeak = Math.max(rssPeak, memory(pid).rss);
    if (timeline) {
      const since = t0 + (s - 1) * 1000;
      const these = ackAt.filter((a) => a.at >= since).map((a) => a.ms);
      const l = latency(these);
      const t = (await ok('POST', '/api/test/timings')) as Timings;
      ticks.push(t);
      seconds.push(
        `| ${s} | ${l.n} | ${v(l.p50)} | ${v(l.p99)} | ${v(l.max)} | ${t.loop.p99} | ${t.loop.max} | ${v(t.batches.p99)} | ${MB(memory(pid).rss)} |`,
      );
    }
  }
  running = false;
  const t1 = performance.now();
  const wall = (t1 - t0) / 1000;
  // The longest silence on the idle stream within the window (its edges count).
  const marks = [t0, ...idleLines.filter((at) => at > t0 && at < t1), t1];
  const idleGap = Math.max(...marks.slice(1).map((at, i) => at - marks[i]));
  const cpu1 = {
    server: cpuSeconds(pid),
    load: process.cpuUsage(cpu0.load),
    pg: pgPids.reduce((s, p) => s + cpuSeconds(p), 0),
    machine: machineSeconds(),
  };
  ticks.push((await ok('POST', '/api/test/timings')) as Timings);
  // Each reading starts the server's figures again: with --timeline, the window is the seconds'.
  const seen = (f: (t: Timings) => number) =>
    ticks.map(f).filter((x) => typeof x === 'number' && !Number.isNaN(x));
  const worst = (f: (t: Timings) => number) => (seen(f).length ? Math.max(...seen(f)) : NaN);
  const median = (f: (t: Timings) => number) => latency(seen(f)).p50;
  const timings: Timings =
    ticks.length === 1
      ? ticks[0]
      : {
          loop: {
            p50: median((t) => t.loop.p50),
            p99: worst((t) => t.loop.p99),
            max: worst((t) => t.loop.max),
          },
          batches: {
            n: ticks.reduce((n, t) => n + t.batches.n, 0),
            moves: ticks.reduce((n, t) => n + t.batches.moves, 0),
            p50: median((t) => t.batches.p50),
            p95: worst((t) => t.batches.p95),
            p99: worst((t) => t.batches.p99),
            max: worst((t) => t.batches.max),
          },
        };
  const perSecond = ticks.length > 1 ? ' (per second: median p50, worst of the rest)' : '';
  loop.disable();
  const mem1 = memory(pid);
  // The moves in flight are answered, their lines delivered.
  const until = Date.now() + 10_000;
  while (
    (inFlight > 0 || [...moveTimes.values()].some((m) => m.ack !== undefined)) &&
    Date.now() < until
  )
    await sleep(50);
  for (const m of moveTimes.values())
    if (m.ack !== undefined) protocolError('move never reached the opponent', 'no gameState');

  const ack = latency(acks);
  const toLine = latency(sentToLine);
  const fromAck = latency(ackToLine);
  const own = loopDelay(loop, 10);
  const serverCpu = cpu1.server - cpu0.server;
  const loadCpu = (cpu1.load.user + cpu1.load.system) / 1e6;
  const machineBusy =
    (cpu1.machine.busy - cpu0.machine.busy) / (cpu1.machine.total - cpu0.machine.total);
  const cores = cpus().length;
  // Other work sharing the cores (another test run, a browser): it shows in the tail.
  const others = cpu1.machine.busy - cpu0.machine.busy - serverCpu - loadCpu - (cpu1.pg - cpu0.pg);
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const [c0, c1, a0, a1] = [creates.start, creates.later, accepts.start, accepts.later].map(
    latency,
  );

  console.log(
    `\n${BOTS} bots (${BOTS / 2} games at a time), ${embedded ? 'PGlite' : 'PostgreSQL'}, think ${THINK_MIN}-${THINK_MAX} ms, ${SECONDS} s; ${cores} x ${cpus()[0]?.model ?? '?'}, Node ${process.version}; set-up (sign-ups, tokens, upgrades, event streams) ${(setupMs / 1000).toFixed(1)} s\n`,
  );
  const rows: [string, string][] = [
    ['bots (games at a time)', `${BOTS} (${BOTS / 2})`],
    [`moves acked in ${wall.toFixed(1)} s`, int(ack.n)],
    ['moves per second', (ack.n / wall).toFixed(1)],
    ['**move ack** (POST round trip), ms p50 / p95 / p99 / max', `**${fmt(ack)}**`],
    ["POST -> opponent's gameState, ms p50 / p95 / p99 / max", fmt(toLine)],
    [
      `ack -> opponent's gameState, ms p50 / p95 / p99 / max (${int(linesBeforeAck)} of ${int(fromAck.n)} lines came before the ack: 0)`,
      fmt(fromAck),
    ],
    ['games started / finished (both players saw the end)', `${gamesStarted} / ${gamesFinished}`],
    [
      `challenge create / accept ack, ms p50 / p99: at the start (${c0.n} / ${a0.n} at once)`,
      `${v(c0.p50)} / ${v(c0.p99)}, ${v(a0.p50)} / ${v(a0.p99)}`,
    ],
    [
      `challenge create / accept ack, ms p50 / p99: later games (${c1.n} / ${a1.n})`,
      `${v(c1.p50)} / ${v(c1.p99)}, ${v(a1.p50)} / ${v(a1.p99)}`,
    ],
    ['**protocol errors**', `**${errorCount}** ${JSON.stringify(Object.fromEntries(errors))}`],
    ['opponentGone lines', String(opponentGone)],
    [
      'idle event stream: the longest gap between lines, s (contract: <= 7)',
      (idleGap / 1000).toFixed(2),
    ],
    [
      'server CPU: seconds (user + sys) / % of one core / % of the machine',
      `${serverCpu.toFixed(2)} s / ${pct(serverCpu / wall)} / ${pct(serverCpu / wall / cores)}`,
    ],
    [
      'server RSS: window start / peak in window / end; VmHWM (whole life)',
      `${MB(mem0.rss)} / ${MB(rssPeak)} / ${MB(mem1.rss)}; ${MB(mem1.hwm)}`,
    ],
    [
      `server's event-loop delay${perSecond}, ms p50 / p99 / max`,
      `${v(timings.loop.p50)} / ${v(timings.loop.p99)} / ${v(timings.loop.max)}`,
    ],
    [
      `move batch database round trip${perSecond}, ms p50 / p95 / p99 / max (moves per batch)`,
      `${fmt(timings.batches)} (${(timings.batches.moves / Math.max(1, timings.batches.n)).toFixed(2)})`,
    ],
    [
      'load generator CPU: seconds / % of one core',
      `${loadCpu.toFixed(2)} s / ${pct(loadCpu / wall)}`,
    ],
    [
      "load generator's event-loop delay, ms p50 / p99 / max",
      `${own.p50} / ${own.p99} / ${own.max}`,
    ],
    [
      'PostgreSQL CPU, % of one core; machine busy (all cores)',
      `${embedded ? '- (embedded)' : pct((cpu1.pg - cpu0.pg) / wall)}; ${pct(machineBusy)}`,
    ],
    [
      'everything else on the machine (not server, load generator, PostgreSQL), % of one core',
      pct(others / wall),
    ],
  ];
  console.log('| measure | value |\n| --- | --- |');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  if (timeline) {
    console.log(
      '\n| s | acks | ack p50 | ack p99 | ack max | server loop p99 | server loop max | batch p99 | server RSS |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const line of seconds) console.log(line);
  }
  if (examples.length) console.log(`\nfirst errors:\n  ${examples.join('\n  ')}`);
  console.log(
    `\n${ack.p99 < ACK_GOAL_MS ? 'met ' : 'MISS'} move ack p99 < ${ACK_GOAL_MS} ms: ${v(ack.p99)} ms`,
  );
  console.log(`${errorCount === 0 ? 'met ' : 'FAIL'} zero protocol errors: ${errorCount}`);
  console.log(`${ack.n > 0 ? 'met ' : 'FAIL'} moves acked: ${ack.n}`);
  const quiet = idleGap <= KEEPALIVE_GAP_MS;
  console.log(
    `${quiet ? 'met ' : 'FAIL'} idle stream's longest gap <= ${KEEPALIVE_GAP_MS / 1000} s: ${(idleGap / 1000).toFixed(2)} s`,
  );
  outcome.failed = errorCount > 0 || ack.n === 0 || !quiet;
} finally {
  stopping = true;
  running = false;
  idle?.close();
  for (const b of bots) {
    b.events?.close();
    for (const g of b.games.values()) g.stream?.close();
  }
  client?.destroy();
  await database.stop([server]);
}
if (check && outcome.failed) process.exit(1);
process.exit(0);
