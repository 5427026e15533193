/**
 * `npm run test:cluster`: two server processes on the local PostgreSQL (loopback only).
 *  1. 200 players spread over both processes queue and play random legal games to the end;
 *     one process is killed with -9 in the middle, its clients reconnect to the other and
 *     finish. Checked: every game's moves in the database equal what both players received, in
 *     order, with no gap or duplicate; no acknowledged move is lost; no game is stuck.
 *  2. 10,000 malformed or hostile socket events and REST requests against the survivor: it stays
 *     up, each gets the expected error code, and the database is unchanged by them.
 *  3. 100 players on two processes with Redis (REDIS_URL): PostgreSQL restarted mid-game, then
 *     Redis killed and started again; the games end as the database has them (restarts()).
 * Prints the figures and ends with "N passed, N failed".
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type {
  AckOf,
  ClientToServerEvents,
  ErrorBody,
  MoveEvent,
  ServerToClientEvents,
} from '../../src/common/protocol.js';
import { Position, unwrap, type Color } from '../../src/rules/index.js';
import { alive, startProc, type Proc } from './procs.js';
import { freePort, startRedis, stopRedis } from '../redis-server.js';

const PLAYERS = Number(process.env.CLUSTER_PLAYERS ?? 200);
const FUZZ = Number(process.env.CLUSTER_FUZZ ?? 10_000);
const RESTART_PLAYERS = Number(process.env.CLUSTER_RESTART_PLAYERS ?? 100);
const TIME_LIMIT_MS = 240_000;
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) =>
  xs.length
    ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
    : NaN;

type WireSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One simulated player: plays random legal moves, survives a server's death by switching. */
class Bot {
  socket!: WireSocket;
  matchId: string | null = null;
  color: Color | null = null;
  fen = '';
  turn: Color | null = null;
  received = new Map<number, MoveEvent>();
  /** Plies that arrived as broadcasts (history fetched after a failover fills the rest). */
  live = new Set<number>();
  duplicates = 0;
  disorder = 0;
  acked: { ply: number; path: number[] }[] = [];
  finished = false;
  reconnects: number[] = [];
  busy = false;
  private rand: () => number;

  constructor(
    readonly id: string,
    readonly token: string,
    public home: Proc,
    readonly other: Proc,
    seed: number,
  ) {
    let s = seed;
    this.rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  }

  async connect(to: Proc): Promise<void> {
    this.home = to;
    const socket: WireSocket = io(to.url, {
      auth: { token: this.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    this.socket = socket;
    socket.on('match:start', (m) => {
      this.matchId = m.id;
      this.color = m.white.id === this.id ? 'white' : 'black';
      this.fen = m.fen;
      this.turn = m.turn;
      void this.maybeMove();
    });
    socket.on('match:move', (e) => {
      if (e.matchId !== this.matchId) return;
      if (this.live.has(e.ply)) this.duplicates++;
      // A broadcast ply below one already heard came out of order.
      else if (e.ply < Math.max(0, ...this.live)) this.disorder++;
      this.live.add(e.ply);
      this.received.set(e.ply, e);
      if (e.ply >= this.ply()) {
        this.fen = e.fen;
        this.turn = e.turn;
      }
      if (e.turn === null) this.finished = true;
      void this.maybeMove();
    });
    socket.on('match:end', (e) => {
      if (e.matchId === this.matchId) this.finished = true;
    });
    socket.on('disconnect', () => {
      if (!this.finished) void this.failover();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  private ply(): number {
    return Math.max(0, ...this.received.keys());
  }

  /** The server went away: reconnect to the other one and resynchronise from the database. */
  private async failover(): Promise<void> {
    const t0 = performance.now();
    const target = alive(this.other.child ? this.other : this.home) ? this.other : this.home;
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await this.connect(target);
        break;
      } catch {
        await sleep(100 * (attempt + 1));
      }
    }
    if (this.matchId) {
      const ack: AckOf<'match:join'> = await this.socket
        .timeout(10_000)
        .emitWithAck('match:join', { matchId: this.matchId });
      if (!ack.ok) throw new Error(`match:join: ${ack.error.code}`);
      this.reconnects.push(performance.now() - t0);
      const history = (await (
        await fetch(`${target.url}/api/matches/${this.matchId}/history`)
      ).json()) as MoveEvent[];
      for (const e of history) if (!this.received.has(e.ply)) this.received.set(e.ply, e);
      // The newest of what the join answered and what arrived since (history, broadcasts):
      // a move made between the join and now must not be overwritten by the join's older state.
      const newest = this.received.get(this.ply());
      if (newest && newest.ply > ack.match.ply) {
        this.fen = newest.fen;
        this.turn = newest.turn;
      } else {
        this.fen = ack.match.fen;
        this.turn = ack.match.turn;
      }
      if (ack.match.status === 'finished' || newest?.turn === null) this.finished = true;
      void this.maybeMove();
    }
  }

  async maybeMove(): Promise<void> {
    if (this.busy || this.finished || !this.matchId || this.turn !== this.color) return;
    this.busy = true;
    try {
      await sleep(this.rand() * 10);
      const pos = unwrap(Position.fromFen('brazilian', this.fen));
      const moves = pos.legalMoves();
      if (moves.length === 0) return;
      const move = moves[Math.floor(this.rand() * moves.length)];
      const fenBefore = this.fen;
      const ack: AckOf<'match:move'> = await this.socket
        .timeout(10_000)
        .emitWithAck('match:move', { matchId: this.matchId, path: move.path });
      if (ack.ok) {
        this.acked.push({ ply: ack.move.ply, path: ack.move.path });
        if (ack.move.ply >= this.ply()) {
          this.fen = ack.move.fen;
          this.turn = ack.move.turn;
        }
        if (ack.move.turn === null) this.finished = true;
      } else if (this.fen === fenBefore) {
        // Refused (e.g. a stale position after a failover): resync from the server.
        const st: AckOf<'match:join'> = await this.socket
          .timeout(10_000)
          .emitWithAck('match:join', { matchId: this.matchId });
        if (!st.ok) throw new Error(`match:join: ${st.error.code}`);
        if (st.match.ply >= this.ply()) {
          this.fen = st.match.fen;
          this.turn = st.match.turn;
        }
        if (st.match.status === 'finished') this.finished = true;
      }
    } catch {
      // The server died under this move (failover() takes over), or its database is away for a
      // moment (a restart): try again shortly.
      await sleep(100);
    } finally {
      this.busy = false;
    }
    void this.maybeMove();
  }
}

/** A fresh schema on the local PostgreSQL for one phase: its server env and a client on it. */
async function withSchema(
  fn: (env: Record<string, string> & { DATABASE_URL: string }, db: pg.Client) => Promise<void>,
): Promise<void> {
  const schema = `cluster_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const env = {
    DATABASE_URL: u.toString(),
    NODE_ENV: 'production',
    RATE_SOCKET: '1000000/1000000',
    RATE_HTTP: '1000000/1000000',
    RATE_CONNECT: '1000000/1000000',
  };
  const db = new pg.Client({ connectionString: u.toString() });
  // A restart of the server cuts it (phase 3): said as an error event, which must not end the run.
  db.on('error', () => undefined);
  await admin.end();
  try {
    await db.connect();
    await fn(env, db);
  } finally {
    await db.end().catch(() => undefined);
    // A connection of its own: the phase may have restarted the server under the others.
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`DROP SCHEMA ${schema} CASCADE`);
    await drop.end();
  }
}

/** `n` players, every other one on each process, connected and queued. */
async function queuedBots(a: Proc, b: Proc, n: number): Promise<Bot[]> {
  const bots: Bot[] = [];
  for (let i = 0; i < n; i++) {
    const home = i % 2 === 0 ? a : b;
    const r = await fetch(`${home.url}/api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bot${i}` }),
    });
    const p = (await r.json()) as { id: string; token: string };
    const bot = new Bot(p.id, p.token, home, home === a ? b : a, i + 1);
    await bot.connect(home);
    bots.push(bot);
  }
  await Promise.all(
    bots.map((bot) =>
      bot.socket.timeout(10_000).emitWithAck('queue:join', { variant: 'brazilian' }),
    ),
  );
  return bots;
}

/** Until the bots have received `moves` moves in all (or a minute went by). */
async function playedUntil(bots: Bot[], moves: number, t0: number): Promise<void> {
  while (bots.reduce((n, x) => n + x.received.size, 0) < moves && performance.now() - t0 < 60_000)
    await sleep(100);
}

/**
 * The games as stored against what each bot was told: all paired once, none stuck, no acked
 * move lost, every move received (broadcasts and, after a failover, the history) with no gap,
 * and the broadcasts in order; `duplicates`: whether a move heard twice
 * fails (a catch-up from the database may say a move again; clients drop what they have).
 */
async function verifyGames(
  db: pg.Client,
  bots: Bot[],
  t0: number,
  duplicates: 'fail' | 'count',
): Promise<void> {
  while (!bots.every((x) => x.finished) && performance.now() - t0 < TIME_LIMIT_MS) await sleep(200);
  const seconds = (performance.now() - t0) / 1000;
  const matches = (await db.query(`SELECT id, status FROM matches`)).rows as {
    id: string;
    status: string;
  }[];
  const movesRows = (await db.query(`SELECT match_id, ply, path FROM moves ORDER BY match_id, ply`))
    .rows as { match_id: string; ply: number; path: number[] }[];
  const byMatch = new Map<string, { ply: number; path: number[] }[]>();
  for (const r of movesRows) byMatch.set(r.match_id, [...(byMatch.get(r.match_id) ?? []), r]);
  let mismatched = 0;
  for (const bot of bots) {
    const dbMoves = byMatch.get(bot.matchId ?? '') ?? [];
    const got = [...bot.received.values()].sort((x, y) => x.ply - y.ply);
    const same =
      got.length === dbMoves.length &&
      got.every(
        (e, i) =>
          e.ply === i + 1 && dbMoves[i].ply === e.ply && dbMoves[i].path.join() === e.path.join(),
      );
    if (!same) mismatched++;
  }
  let lost = 0;
  for (const bot of bots) {
    for (const m of bot.acked) {
      const row = (byMatch.get(bot.matchId ?? '') ?? []).find((r) => r.ply === m.ply);
      if (!row || row.path.join() !== m.path.join()) lost++;
    }
  }
  const stuck = matches.filter((m) => m.status !== 'finished').length;
  // Enough to tell, after the fact, why a game stopped (who thought what).
  for (const m of matches.filter((x) => x.status !== 'finished')) {
    const row = (
      await db.query(`SELECT ply, turn, fen, version FROM matches WHERE id = $1`, [m.id])
    ).rows[0] as { ply: number; turn: string; fen: string; version: number };
    console.log(`stuck ${m.id}: ${JSON.stringify(row)}`);
    for (const x of bots.filter((y) => y.matchId === m.id))
      console.log(
        `  ${x.color} on ${x.home.url}: finished ${x.finished}, busy ${x.busy}, turn ${x.turn}, ` +
          `plies received ${x.received.size}, fen ${x.fen === row.fen ? 'same' : x.fen}`,
      );
  }
  const dups = bots.reduce((n, x) => n + x.duplicates, 0);
  const disorder = bots.reduce((n, x) => n + x.disorder, 0);
  console.log(
    `games ${matches.length}, moves ${movesRows.length}, ${seconds.toFixed(1)} s (${(movesRows.length / seconds).toFixed(0)} moves/s), moves heard twice ${dups}, out of order ${disorder}`,
  );
  check(
    'every player was paired, once',
    matches.length === bots.length / 2 && bots.every((x) => x.matchId),
    `${matches.length} games`,
  );
  check('no game is stuck', stuck === 0, `${stuck} unfinished`);
  check(
    'no acknowledged move is lost',
    lost === 0,
    `${lost} lost of ${bots.reduce((n, x) => n + x.acked.length, 0)} acked`,
  );
  check('players received every move, no gap', mismatched === 0, `${mismatched} players differ`);
  check('every broadcast came in order', disorder === 0, `${disorder} out of order`);
  if (duplicates === 'fail') check('no duplicate broadcast', dups === 0, `${dups} duplicates`);
}

async function main(): Promise<void> {
  // ---------------------------------------------------------------------- 1. load + kill -9
  await withSchema(async (env, db) => {
    const procs = await Promise.all([startProc(env), startProc(env)]);
    const [a, b] = procs;
    try {
      const t0 = performance.now();
      const bots = await queuedBots(a, b, PLAYERS);
      // Let the games get going, then kill A without warning.
      await playedUntil(bots, PLAYERS * 10, t0);
      const movesBeforeKill = Number((await db.query('SELECT count(*) FROM moves')).rows[0].count);
      a.child.kill('SIGKILL');
      const killedAt = performance.now();
      console.log(`killed process A (${a.url}) after ${movesBeforeKill} moves`);
      await verifyGames(db, bots, t0, 'fail');
      const reconnects = bots.flatMap((x) => x.reconnects);
      console.log(
        `reconnects ${reconnects.length}: median ${pct(reconnects, 50).toFixed(0)} ms, worst ${Math.max(...reconnects).toFixed(0)} ms after the kill at ${(killedAt - t0).toFixed(0)} ms`,
      );
      check(
        'clients of the killed process reconnected',
        reconnects.length >= PLAYERS / 4,
        `${reconnects.length}`,
      );
      for (const bot of bots) bot.socket.close();
      await sleep(1500); // let disconnect bookkeeping settle before the snapshot

      // -------------------------------------------------------------------- 2. hostile input
      const snapshot = async () =>
        (
          await db.query(`SELECT
          (SELECT count(*) FROM players) AS players, (SELECT count(*) FROM moves) AS moves,
          (SELECT count(*) FROM pieces) AS pieces, (SELECT count(*) FROM queue_tickets) AS tickets,
          (SELECT md5(string_agg(id || status || fen || ply || version, ',' ORDER BY id)) FROM matches) AS matches`)
        ).rows[0];
      const before = await snapshot();
      const counts = await fuzz(b, bots, FUZZ);
      const after = await snapshot();
      console.log(
        `fuzz: ${counts.total} hostile events and requests: ${JSON.stringify(counts.byCode)}`,
      );
      check(
        'the survivor is still up after the fuzz',
        alive(b) && (await fetch(`${b.url}/health`)).ok,
      );
      check(
        'each hostile input got the expected code',
        counts.unexpected === 0,
        counts.samples.join(' | '),
      );
      check('the database is unchanged by them', JSON.stringify(before) === JSON.stringify(after));
      check('no stack trace or SQL in any answer', counts.leaks === 0, `${counts.leaks}`);
    } finally {
      for (const p of procs) if (alive(p)) p.child.kill('SIGTERM');
      await sleep(500);
    }
  });

  // ---------------------------------------- 3. PostgreSQL, then Redis, restarted under load
  await restarts();
}

/** The local PostgreSQL restarted (fast: its sessions are cut), and up again. */
function restartPostgres(): void {
  const version = readdirSync('/etc/postgresql')[0];
  execFileSync(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', 'fast'],
    {
      stdio: 'inherit',
    },
  );
}

/**
 * 3. Issue 36: two processes with REDIS_URL (a redis-server of this run's own) under load; the
 * local PostgreSQL is restarted mid-game, then Redis is killed and started again. The processes
 * must reconnect by themselves and every game end as the database has it: no acked move lost,
 * every move told to both players in order (a room caught up from the database may hear a move
 * twice: counted, not failed; clients drop what they have).
 */
async function restarts(): Promise<void> {
  const redisPort = await freePort();
  let redis = await startRedis(redisPort);
  try {
    await withSchema(async (base, first) => {
      const env = { ...base, REDIS_URL: `redis://127.0.0.1:${redisPort}` };
      // One after the other: the first runs the migrations.
      const procs = [await startProc(env), await startProc(env)];
      const [a, b] = procs;
      let db = first;
      try {
        const t0 = performance.now();
        const bots = await queuedBots(a, b, RESTART_PLAYERS);
        await playedUntil(bots, RESTART_PLAYERS * 6, t0);
        const heard = () => bots.reduce((n, x) => n + x.received.size, 0) / 2;
        let t = performance.now();
        restartPostgres();
        console.log(
          `PostgreSQL restarted in ${(performance.now() - t).toFixed(0)} ms, after about ${heard()} moves`,
        );
        await playedUntil(bots, RESTART_PLAYERS * 12, t0);
        t = performance.now();
        await stopRedis(redis);
        await sleep(500);
        redis = await startRedis(redisPort);
        console.log(
          `Redis killed and started again in ${(performance.now() - t).toFixed(0)} ms, after about ${heard()} moves`,
        );
        // The run's own connection went with the restart: a new one reads the outcome.
        db = new pg.Client({ connectionString: env.DATABASE_URL });
        db.on('error', () => undefined);
        await db.connect();
        await verifyGames(db, bots, t0, 'count');
        check('both processes lived through the restarts', procs.every(alive));
        for (const bot of bots) bot.socket.close();
      } finally {
        for (const p of procs) if (alive(p)) p.child.kill('SIGTERM');
        await sleep(500);
        if (db !== first) await db.end().catch(() => undefined);
      }
    });
  } finally {
    await stopRedis(redis);
  }
}

/** Sends `n` hostile socket events and REST requests, checks each answer's code. */
async function fuzz(server: Proc, bots: Bot[], n: number) {
  const byCode: Record<string, number> = {};
  const samples: string[] = [];
  let unexpected = 0;
  let leaks = 0;
  let total = 0;
  const note = (what: string, code: string, expected: string[], body: string) => {
    total++;
    byCode[code] = (byCode[code] ?? 0) + 1;
    if (!expected.includes(code)) {
      unexpected++;
      if (samples.length < 5) samples.push(`${what} -> ${code}, expected ${expected.join('/')}`);
    }
    if (/at .+\.(js|ts):\d+|SELECT |INSERT |UPDATE |QueryFailed/.test(body)) leaks++;
  };
  const player = bots[0];
  const victim = bots.find((x) => x.matchId && x.matchId !== player.matchId)!;
  // Untyped on purpose: it sends any event name and payload.
  const sock = io(server.url, {
    auth: { token: player.token },
    transports: ['websocket'],
    forceNew: true,
  });
  await new Promise<void>((r) => sock.once('connect', () => r()));
  const replay = player.acked[0];
  const unknown = '00000000-0000-4000-8000-000000000000';
  const socketCases: [string, unknown, string[]][] = [
    ['match:move', { matchId: 'x', from: 1, to: 2 }, ['INVALID_PAYLOAD']],
    ['match:move', { matchId: player.matchId, from: '22', to: 18 }, ['INVALID_PAYLOAD']],
    [
      'match:move',
      { matchId: player.matchId, path: Array.from({ length: 5000 }, (_, i) => i) },
      ['INVALID_PAYLOAD'],
    ],
    ['match:move', { matchId: player.matchId, from: null, to: [] }, ['INVALID_PAYLOAD']],
    ['match:move', [1, 2, 3], ['INVALID_PAYLOAD']],
    ['match:move', { matchId: victim.matchId, from: 22, to: 18 }, ['NOT_A_PLAYER']],
    ['match:move', { matchId: player.matchId, path: replay?.path ?? [22, 18] }, ['MATCH_OVER']],
    ['match:move', { matchId: unknown, from: 22, to: 18 }, ['NOT_FOUND']],
    ['match:resign', { matchId: victim.matchId }, ['NOT_A_PLAYER']],
    ['match:draw', { matchId: player.matchId, action: 'maybe' }, ['INVALID_PAYLOAD']],
    ['match:claim', { matchId: player.matchId, extra: { deep: [1, 2, 3] } }, ['INVALID_PAYLOAD']],
    ['queue:join', { variant: 'chess' }, ['INVALID_PAYLOAD']],
    ['queue:join', { clock: { initial: 'fast' } }, ['INVALID_PAYLOAD']],
    ['admin:drop', { table: 'matches' }, ['INVALID_PAYLOAD']],
    ['__proto__', { polluted: true }, ['INVALID_PAYLOAD']],
    ['match:moves', { matchId: player.matchId, square: 1e9 }, ['INVALID_PAYLOAD']],
  ];
  const restCases: [string, string, unknown, string | undefined, string[]][] = [
    [
      'POST',
      `/api/matches/${player.matchId}/moves`,
      { from: 22, to: 18 },
      'forged',
      ['UNAUTHENTICATED'],
    ],
    [
      'POST',
      `/api/matches/${victim.matchId}/moves`,
      { from: 22, to: 18 },
      player.token,
      ['NOT_A_PLAYER'],
    ],
    [
      'POST',
      `/api/matches/${player.matchId}/moves`,
      { path: 'x'.repeat(100) },
      player.token,
      ['INVALID_PAYLOAD'],
    ],
    ['POST', '/api/players', { name: '' }, undefined, ['INVALID_PAYLOAD']],
    ['POST', '/api/players', '{"name":', undefined, ['INVALID_PAYLOAD']],
    ['GET', "/api/matches/1' OR '1'='1", undefined, undefined, ['INVALID_PAYLOAD']],
    ['GET', `/api/matches/${unknown}/history`, undefined, undefined, ['NOT_FOUND']],
    [
      'POST',
      '/api/rules/moves',
      { variant: 'brazilian', fen: 'W:W99' },
      undefined,
      ['INVALID_PAYLOAD'],
    ],
    ['POST', '/api/test/matches', { variant: 'brazilian' }, undefined, ['NOT_FOUND']],
  ];
  let i = 0;
  const badTokens = Math.min(200, Math.floor(n / 50));
  for (let k = 0; k < badTokens; k++) {
    const s = io(server.url, {
      auth: { token: k % 2 ? `forged-${k}` : 42 },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    const err = await new Promise<{ message: string }>((r) => s.once('connect_error', r));
    note('bad token', err.message, ['UNAUTHENTICATED'], JSON.stringify(err));
    s.close();
    i++;
  }
  while (i < n) {
    const batch: Promise<void>[] = [];
    for (let k = 0; k < 50 && i < n; k++, i++) {
      if (i % 4 === 3) {
        const [method, path, body, token, expected] = restCases[i % restCases.length];
        batch.push(
          fetch(server.url + path, {
            method,
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body:
              body === undefined
                ? undefined
                : typeof body === 'string'
                  ? body
                  : JSON.stringify(body),
          }).then(async (r) => {
            const text = await r.text();
            const code = (JSON.parse(text) as Partial<ErrorBody>).error?.code ?? String(r.status);
            note(`${method} ${path}`, code, expected, text);
          }),
        );
      } else {
        const [event, payload, expected] = socketCases[i % socketCases.length];
        batch.push(
          sock
            .timeout(10_000)
            .emitWithAck(event, payload)
            .then((ack: Partial<ErrorBody>) =>
              note(event, ack.error?.code ?? 'OK', expected, JSON.stringify(ack)),
            ),
        );
      }
    }
    await Promise.all(batch);
  }
  sock.close();
  return { total, byCode, unexpected, samples, leaks };
}

main()
  .catch((e) => {
    failed++;
    console.error(e);
  })
  .finally(() => {
    console.log(`cluster: ${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
  });
