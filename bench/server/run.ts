/**
 * `npm run bench:server`: the server under the load of many players, next to the ceiling the
 * database itself sets for durable moves, in one run on this machine.
 *
 * For each workload: a fresh schema on the local PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), a fresh server process (`node dist/main.js`), and
 * the load generator (bench/server/load.ts) in a process of its own, all on loopback:
 *   1. `--games 1000` concurrent games, each player answering about 1 s after its opponent
 *  1c. workload 1 again with 50 games against the computer beside it (bench/server/computer-load.ts):
 *      the human moves' latency with the engine pool busy, and the pool's queue wait
 *   2. 200 concurrent games, every move sent as soon as the opponent's arrives; pgbench runs
 *      the same durable move in SQL at the same concurrency just before (the ceiling)
 *   3. 10,000 idle sockets (server memory per connection, after a full GC)
 *   4. those 10,000 players all send queue:join at once (time until all are paired)
 *  2p. only with --only=w2p: workload 2 against 1, 2 and 4 server processes sharing one fresh
 *      schema (players connect round-robin, so most games have their players on different
 *      processes), once with the PostgreSQL NOTIFY bus (no REDIS_URL) and once with
 *      REDIS_URL=redis://127.0.0.1:6379; --processes=1,2,4 and --bus=notify,redis narrow it.
 *      Beside the cells, the pgbench ceiling measured in the same run.
 * Options: --quick (small counts, for CI: checks correctness, not the targets), --check (exit 1
 * when a target is missed), --pglite (also workload 2 on the embedded database),
 * --write (results into docs/BENCHMARKS.md and bench/results/server.json; the default without
 * --quick). Prints a table per workload, with the server's own view of the window (its
 * event-loop delay, each move batch's database round trip) beside the clients'.
 * Diagnostics: --only=w1,w1b,w1c,w2,w34,w2p, --think=ms, --count-queries, BENCH_TIMELINE=1 (per-second
 * latencies), BENCH_CPU_PROF=dir, BENCH_SERVER_FLAGS='--trace-gc' with BENCH_SERVER_LOG=dir.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import * as prettier from 'prettier';
import { startProc, type Proc } from '../../test/cluster/procs.js';
import { pgbench, seedCeiling, type Ceiling } from './ceiling.js';
import type { ComputerLoadResult } from './computer-load.js';
import type { IdleQueueResult, Job, PlayResult } from './load.js';
import { cpuShare, readCpu, rssBytes, type CpuReading } from './procstat.js';
import { timings, type Timings } from './timings.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const quick = flag('quick');
const check = flag('check');
/** --only=w1,w1b,w1c,w2,w34,w2p: a subset, for profiling (nothing is written). */
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const runs = (w: string) => !only || only.includes(w);
const write = (flag('write') || !quick) && !only;
/** --count-queries: SQL statements per acked move, by kind (the server is preloaded to count). */
const countQueries = flag('count-queries');
const queryCounts = join(tmpdir(), `damas-queries-${process.pid}.json`);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const SIZES = quick
  ? { w1: 100, w2: 50, idle: 1_000, warm: 3_000, measure: 6_000, pgbenchSeconds: 4, computer: 10 }
  : {
      w1: 1_000,
      w2: 200,
      idle: 10_000,
      warm: 8_000,
      measure: 20_000,
      pgbenchSeconds: 10,
      computer: 50,
    };
/**
 * Workload 1's pace: a player answers THINK_MS (±50%) after its opponent's move, so each game
 * makes about one move per THINK_MS (1,000 games: ~1,000 moves/s offered). The run also reports
 * half that think time (each player then moves about once a second: ~2,000 moves/s offered).
 * --think=ms changes it.
 */
const THINK_MS = Number(args.find((a) => a.startsWith('--think='))?.slice(8) ?? 1_000);
const TARGETS = {
  w1P99: 30,
  w2Share: 0.5,
  idleBytes: 40 * 1024,
  pairSeconds: 10,
  /** 2p with Redis: the most processes' share of the ceiling. */
  w2pShare: 0.9,
};

/** --name=a,b,c */
const listFlag = (name: string, fallback: string) =>
  (args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
    .split(',')
    .filter(Boolean);
type Bus = 'notify' | 'redis';
/** Workload 2p's cells: server processes (--processes=1,2,4) and event bus (--bus=notify,redis). */
const PROCESSES = listFlag('processes', '1,2,4').map(Number);
const BUSES = listFlag('bus', 'notify,redis') as Bus[];
if (PROCESSES.some((n) => !Number.isInteger(n) || n < 1) || PROCESSES.length === 0)
  throw new Error(`--processes: positive integers, got ${PROCESSES.join(',')}`);
if (BUSES.some((b) => b !== 'notify' && b !== 'redis') || BUSES.length === 0)
  throw new Error(`--bus: notify and/or redis, got ${BUSES.join(',')}`);
const REDIS_URL = 'redis://127.0.0.1:6379';
/**
 * --pairing=partner: workload 2p's games start by challenge between fixed partners on different
 * processes (every game crosses processes) instead of the queue (which pairs each process's
 * joins mostly among themselves).
 */
const PAIRING = listFlag('pairing', 'queue')[0] as 'queue' | 'partner';
if (PAIRING !== 'queue' && PAIRING !== 'partner')
  throw new Error(`--pairing: queue or partner, got ${String(PAIRING)}`);

type Server = Proc;

function startServer(env: Record<string, string>): Promise<Server> {
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops.
  const prof = process.env.BENCH_CPU_PROF;
  const flags = ['--expose-gc', ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])];
  if (countQueries) flags.push('--import', resolve('bench/server/count-queries.mjs'));
  // BENCH_SERVER_FLAGS='--trace-gc ...': more node flags for the server (its output goes to
  // BENCH_SERVER_LOG=dir when it stops), for finding where a tail comes from.
  flags.push(...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean));
  return startProc(
    {
      ...env,
      DAMAS_TEST_API: '1',
      // The load comes from one address: the per-address limits are for the internet.
      RATE_SOCKET: '1000000/1000000',
      RATE_HTTP: '1000000/1000000',
      RATE_CONNECT: '1000000/1000000',
      BENCH_QUERY_COUNTS: queryCounts,
    },
    flags,
  );
}

/** Workload 2: every move sent the moment the opponent's arrives. */
const flatOut = (server: Server) =>
  load<PlayResult>(
    {
      url: server.url,
      kind: 'play',
      count: SIZES.w2,
      thinkMs: 0,
      warmupMs: SIZES.warm,
      measureMs: SIZES.measure,
    },
    server,
  );

async function stopServer(s: Server): Promise<void> {
  if (s.child.exitCode !== null) return;
  const gone = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
  const dir = process.env.BENCH_SERVER_LOG;
  if (dir) writeFileSync(resolve(dir, `server-${s.child.pid}.log`), s.log.join(''));
}

async function memory(url: string): Promise<{ rss: number; heapUsed: number; external: number }> {
  const r = await fetch(`${url}/api/test/memory`, { method: 'POST' });
  return (await r.json()) as { rss: number; heapUsed: number; external: number };
}

interface Run<R> {
  result: R;
  cpu: ReturnType<typeof cpuShare> | null;
  readings: Record<string, { rss: number; heapUsed: number; external: number }>;
  /** The server's own view of the measured window (its test API). */
  timings: Timings | null;
}

/**
 * Runs the load generator with `job`; at each of its checkpoints reads the server's CPU and
 * memory (none with `server` null: several servers, workload 2p).
 */
function load<R>(job: Job, server: Server | null): Promise<Run<R>> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--max-old-space-size=8192',
      resolve('bench/server/load.ts'),
      JSON.stringify(job),
    ],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const readings: Run<R>['readings'] = {};
  let start: { cpu: CpuReading; at: number } | null = null;
  let cpu: Run<R>['cpu'] = null;
  let seen: Timings | null = null;
  const serverPid = server?.child.pid as number;
  child.on('message', (msg: { checkpoint: string }) => {
    void (async () => {
      const name = msg.checkpoint;
      if (!server) {
        // no readings
      } else if (name === 'measure-start') {
        await timings(server.url);
        start = { cpu: readCpu(serverPid, child.pid as number), at: performance.now() };
      } else if (name === 'measure-end' && start) {
        seen = await timings(server.url);
        cpu = cpuShare(
          start.cpu,
          readCpu(serverPid, child.pid as number),
          (performance.now() - start.at) / 1000,
        );
      } else readings[name] = { ...(await memory(server.url)), rss: rssBytes(serverPid) };
      child.send({ ok: true });
    })();
  });
  const limit = setTimeout(() => child.kill('SIGKILL'), 300_000);
  return new Promise((resolveRun, reject) => {
    child.on('exit', (code) => {
      clearTimeout(limit);
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return reject(new Error(`load generator exited ${code}: ${out.slice(-2000)}`));
      resolveRun({ result: JSON.parse(line) as R, cpu, readings, timings: seen });
    });
  });
}

/** A fresh schema per workload, so no run sees another's rows. */
async function withSchema<T>(fn: (url: string, db: pg.Client) => Promise<T>): Promise<T> {
  const schema = `bench_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // Each workload starts with no dirty pages left by the one before (its checkpoint's writes
  // would otherwise land in this one's latencies).
  await admin.query('CHECKPOINT');
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const db = new pg.Client({ connectionString: u.toString() });
  await db.connect();
  try {
    return await fn(u.toString(), db);
  } finally {
    await db.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

const fmt = (x: number, d = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
let failures = 0;
function target(name: string, ok: boolean, detail: string): string {
  if (!ok) failures++;
  const line = `${ok ? 'met ' : 'MISS'} ${name}: ${detail}`;
  console.log(line);
  return line;
}

interface Report {
  date: string;
  machine: string;
  quick: boolean;
  ceiling: { atGames: Ceiling; atPool: Ceiling; best: number };
  w1: Run<PlayResult> & { thinkMs: number };
  w1fast?: Run<PlayResult> & { thinkMs: number };
  /** Workload 1 again with games against the computer running beside it. */
  w1computer?: Run<PlayResult> & { thinkMs: number; computer: ComputerLoadResult; pool: unknown };
  w2: Run<PlayResult> & { share: number };
  w2pglite?: Run<PlayResult>;
  w34: Run<IdleQueueResult> & {
    perSocketRss: number;
    perSocketHeap: number;
    dbMatches: number;
    dbPlayersOnce: boolean;
  };
  targets: string[];
}

/** Statements the server sent over the whole run (warm-up and pairing too) per stored move. */
async function printQueryCounts(db: pg.Client): Promise<void> {
  const moves = Number((await db.query(`SELECT count(*) AS n FROM moves`)).rows[0].n);
  const counts = JSON.parse(readFileSync(queryCounts, 'utf8')) as Record<string, number>;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `statements per stored move: ${(total / moves).toFixed(2)} (${fmt(total)} / ${fmt(moves)})`,
  );
  for (const [k, v] of Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15))
    console.log(`  ${(v / moves).toFixed(3)}  ${k}`);
}

async function maxConnections(): Promise<number> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  const n = Number((await c.query('SHOW max_connections')).rows[0].max_connections);
  await c.end();
  return n;
}

function playTable(label: string, r: Run<PlayResult>): string {
  const x = r.result;
  const t = r.timings;
  const lat = (l: PlayResult['ack']) => `${l.p50} / ${l.p95} / ${l.p99} / ${l.max}`;
  const errors =
    Object.entries(x.errors)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || '0';
  return [
    `| ${label} | value |`,
    `| --- | --- |`,
    `| games (players) | ${fmt(x.games)} (${fmt(x.games * 2)}) |`,
    `| moves acked in ${x.seconds} s | ${fmt(x.moves)} |`,
    `| moves per second | **${fmt(x.movesPerSecond)}** |`,
    `| emit -> ack, ms p50 / p95 / p99 / max | ${lat(x.ack)} |`,
    `| emit -> opponent's match:move, ms p50 / p95 / p99 / max | ${lat(x.opponent)} |`,
    `| errors | ${errors} |`,
    `| games finished (re-queued) | ${fmt(x.gamesFinished)} |`,
    `| load generator's event-loop delay, ms p50 / p99 / max | ${x.loopDelay ? `${x.loopDelay.p50} / ${x.loopDelay.p99} / ${x.loopDelay.max}` : '-'} |`,
    `| server's event-loop delay, ms p50 / p99 / max | ${t ? `${t.loop.p50} / ${t.loop.p99} / ${t.loop.max}` : '-'} |`,
    `| database round trip per move batch, ms p50 / p95 / p99 / max (moves per batch) | ${t ? `${t.batches.p50} / ${t.batches.p95} / ${t.batches.p99} / ${t.batches.max} (${fmt(t.batches.moves / Math.max(1, t.batches.n), 1)})` : '-'} |`,
    `| CPU, cores: server / load generator / PostgreSQL (machine busy) | ${r.cpu ? `${r.cpu.server} / ${r.cpu.load} / ${r.cpu.postgres} (${r.cpu.machine}%)` : '-'} |`,
  ].join('\n');
}

/** The computer games' process (bench/server/computer-load.ts): started, then stopped. */
function computerLoad(url: string, games: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve('bench/server/computer-load.ts'), JSON.stringify({ url, games })],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<ComputerLoadResult>((resolveRun, reject) =>
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return reject(new Error(`computer load exited ${code}: ${out.slice(-2000)}`));
      resolveRun(JSON.parse(line) as ComputerLoadResult);
    }),
  );
  const started = new Promise<void>((ok, fail) => {
    child.once('message', () => ok());
    exited.catch(fail);
  });
  return {
    started,
    stop: () => {
      child.send('stop');
      return exited;
    },
  };
}

function computerLine(c: ComputerLoadResult, pool: unknown): string {
  const p = pool as { threads: number; waitMs: { mean: number; p50: number; p99: number } };
  return `1c. beside it: ${c.games} games against the computer (levels 1-8), ${fmt(c.computerMoves)} computer moves, reply ms p50 / p99 ${c.reply.p50} / ${c.reply.p99}, errors ${JSON.stringify(c.errors)}; engine pool: ${p.threads} thread(s), queue wait ms mean / p50 / p99 ${p.waitMs.mean} / ${p.waitMs.p50} / ${p.waitMs.p99}`;
}

async function main(): Promise<void> {
  const report: Partial<Report> = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    quick,
  };
  const pool = 20;
  const limit = (await maxConnections()) - pool - 10;

  // ---- 2. as fast as possible, with its ceiling measured first on the same tables
  if (runs('w2'))
    await withSchema(async (url, db) => {
      const server = await startServer({ DATABASE_URL: url });
      try {
        await seedCeiling(db, Math.max(SIZES.w2, pool));
        const atGames = pgbench(url, Math.min(SIZES.w2, limit), SIZES.pgbenchSeconds);
        const atPool = pgbench(url, pool, SIZES.pgbenchSeconds);
        const best = Math.max(atGames.tps, atPool.tps);
        report.ceiling = { atGames, atPool, best };
        console.log(
          `ceiling: pgbench ${fmt(atGames.tps)} tps at ${atGames.clients} clients, ${fmt(atPool.tps)} at ${pool}`,
        );
        const run = await flatOut(server);
        report.w2 = { ...run, share: run.result.movesPerSecond / best };
        console.log(playTable('2. fast, PostgreSQL', run));
      } finally {
        await stopServer(server);
      }
      if (countQueries) await printQueryCounts(db);
    });

  if (flag('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'damas-bench-'));
    const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '' });
    try {
      report.w2pglite = await flatOut(server);
      console.log(playTable('2. fast, PGlite', report.w2pglite));
    } finally {
      await stopServer(server);
      rmSync(dir, { recursive: true, force: true });
    }
  }

  // ---- 1. many games at a human pace (and, reported beside it, at twice that pace)
  const paced = (thinkMs: number) =>
    withSchema(async (url, db) => {
      const server = await startServer({ DATABASE_URL: url });
      try {
        return await pacedOn(server, db, thinkMs);
      } finally {
        await stopServer(server);
      }
    });
  const pacedOn = async (server: Server, db: pg.Client, thinkMs: number) => {
    const run = await load<PlayResult>(
      {
        url: server.url,
        kind: 'play',
        count: SIZES.w1,
        thinkMs,
        warmupMs: SIZES.warm,
        measureMs: SIZES.measure,
      },
      server,
    );
    console.log(playTable(`1. paced (answer after ${thinkMs} ms), PostgreSQL`, run));
    if (countQueries) await printQueryCounts(db);
    return { ...run, thinkMs };
  };
  if (runs('w1')) report.w1 = await paced(THINK_MS);
  // ---- 1c. the same, with games against the computer keeping the engine pool busy
  if (runs('w1c'))
    report.w1computer = await withSchema(async (url, db) => {
      const server = await startServer({ DATABASE_URL: url });
      try {
        const beside = computerLoad(server.url, SIZES.computer);
        await beside.started;
        const run = await pacedOn(server, db, THINK_MS);
        const pool = (await (await fetch(`${server.url}/api/engine/status`)).json()) as unknown;
        const computer = await beside.stop();
        console.log(computerLine(computer, pool));
        return { ...run, computer, pool };
      } finally {
        await stopServer(server);
      }
    });
  if (only ? only.includes('w1b') : !quick) report.w1fast = await paced(THINK_MS / 2);

  // ---- 3 + 4. idle sockets, then all of them queue at once
  if (runs('w34'))
    await withSchema(async (url, db) => {
      const server = await startServer({ DATABASE_URL: url });
      try {
        const run = await load<IdleQueueResult>(
          { url: server.url, kind: 'idle-queue', count: SIZES.idle },
          server,
        );
        const before = run.readings['before-connect'];
        const after = run.readings.connected;
        const n = run.result.sockets;
        const dbMatches = Number((await db.query(`SELECT count(*) AS n FROM matches`)).rows[0].n);
        const once = await db.query(
          `SELECT count(*) AS n FROM (SELECT p FROM matches, LATERAL (VALUES (white_id), (black_id)) v(p)
         GROUP BY p HAVING count(*) <> 1) x`,
        );
        report.w34 = {
          ...run,
          perSocketRss: (after.rss - before.rss) / n,
          perSocketHeap: (after.heapUsed + after.external - before.heapUsed - before.external) / n,
          dbMatches,
          dbPlayersOnce: Number(once.rows[0].n) === 0 && dbMatches * 2 === n,
        };
        const x = run.result;
        console.log(
          `3. idle: ${fmt(n)} sockets connected in ${x.connectSeconds} s; server RSS +${fmt(report.w34.perSocketRss / 1024, 1)} KB/socket, heap+external +${fmt(report.w34.perSocketHeap / 1024, 1)} KB/socket`,
        );
        console.log(
          `4. queue: ${fmt(x.paired)}/${fmt(n)} paired in ${x.pairedSeconds} s, ${fmt(x.matches)} matches (DB ${fmt(dbMatches)}), duplicates ${x.duplicates}, bad ${x.badMatches}, errors ${JSON.stringify(x.errors)}`,
        );
      } finally {
        await stopServer(server);
      }
    });

  if (only?.includes('w2p')) await multiProcess(pool, limit);

  if (only) process.exit(check && failures > 0 ? 1 : 0);
  const r = report as Report;
  const w1 = r.w1.result;
  const w2 = r.w2.result;
  const w34 = r.w34.result;
  const errorsOf = (e: Record<string, number>) => Object.values(e).reduce((a, b) => a + b, 0);
  // Correctness holds at any size; the figures are targets only at full size.
  const t: string[] = [];
  t.push(target('1. zero errors', errorsOf(w1.errors) === 0, JSON.stringify(w1.errors)));
  if (r.w1computer) {
    const c = r.w1computer;
    t.push(
      target(
        '1c. zero errors, with the computer games beside it',
        errorsOf(c.result.errors) === 0 && errorsOf(c.computer.errors) === 0,
        `${JSON.stringify(c.result.errors)} / computer ${JSON.stringify(c.computer.errors)}`,
      ),
    );
    t.push(
      target('1c. the computer moved', c.computer.computerMoves > 0, `${c.computer.computerMoves}`),
    );
  }
  t.push(target('2. zero errors', errorsOf(w2.errors) === 0, JSON.stringify(w2.errors)));
  t.push(
    target(
      '4. every player paired exactly once',
      w34.paired === w34.sockets &&
        w34.duplicates === 0 &&
        w34.badMatches === 0 &&
        r.w34.dbPlayersOnce &&
        errorsOf(w34.errors) === 0,
      `${w34.paired}/${w34.sockets}, duplicates ${w34.duplicates}, bad matches ${w34.badMatches}, database agrees: ${r.w34.dbPlayersOnce}`,
    ),
  );
  if (!quick) {
    t.push(
      target(
        '1. p99 emit->opponent < 30 ms',
        w1.opponent.p99 < TARGETS.w1P99,
        `${w1.opponent.p99} ms`,
      ),
    );
    t.push(
      target(
        '2. >= 50% of the pgbench ceiling',
        r.w2.share >= TARGETS.w2Share,
        `${fmt(w2.movesPerSecond)} / ${fmt(r.ceiling.best)} = ${Math.round(r.w2.share * 100)}%`,
      ),
    );
    t.push(
      target(
        '3. < 40 KB per idle socket',
        r.w34.perSocketRss < TARGETS.idleBytes,
        `${fmt(r.w34.perSocketRss / 1024, 1)} KB RSS`,
      ),
    );
    t.push(
      target(
        '4. all paired within 10 s',
        w34.pairedSeconds < TARGETS.pairSeconds,
        `${w34.pairedSeconds} s`,
      ),
    );
  }
  r.targets = t;
  if (write) await writeResults(r);
  if (check && failures > 0) process.exit(1);
  process.exit(0);
}

interface W2pCell {
  processes: number;
  bus: Bus;
  run: Run<PlayResult>;
  /** The most client connections PostgreSQL had at once during the run (all databases). */
  peakConnections: number;
}

/** Starts `n` servers on one database: the first alone (it migrates the fresh schema). */
async function startServers(n: number, env: Record<string, string>): Promise<Server[]> {
  const servers = [await startServer(env)];
  const rest = await Promise.allSettled(Array.from({ length: n - 1 }, () => startServer(env)));
  for (const r of rest) if (r.status === 'fulfilled') servers.push(r.value);
  const failed = rest.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map(stopServer));
    throw failed.reason;
  }
  return servers;
}

/** Workload 2p: workload 2 over several server processes sharing one database, per event bus. */
async function multiProcess(pool: number, limit: number): Promise<void> {
  const maxConns = await maxConnections();
  const ceiling = await withSchema(async (url, db) => {
    const server = await startServer({ DATABASE_URL: url, REDIS_URL: '' });
    try {
      await seedCeiling(db, Math.max(SIZES.w2, pool));
    } finally {
      await stopServer(server);
    }
    const atGames = pgbench(url, Math.min(SIZES.w2, limit), SIZES.pgbenchSeconds);
    const atPool = pgbench(url, pool, SIZES.pgbenchSeconds);
    return { atGames, atPool, best: Math.max(atGames.tps, atPool.tps) };
  });
  console.log(
    `2p. ceiling: pgbench ${fmt(ceiling.atGames.tps)} tps at ${ceiling.atGames.clients} clients, ${fmt(ceiling.atPool.tps)} at ${pool}`,
  );
  const cells: W2pCell[] = [];
  for (const bus of BUSES)
    for (const n of PROCESSES)
      cells.push(
        await withSchema(async (url, db) => {
          // Empty REDIS_URL: the NOTIFY bus whatever the shell says.
          const env = { DATABASE_URL: url, REDIS_URL: bus === 'redis' ? REDIS_URL : '' };
          const servers = await startServers(n, env);
          // max_connections (100 by default) is near for 4 processes with pools of 20: when it
          // is reached, the refused connections show as INTERNAL errors.
          let peakConnections = 0;
          const sample = async () => {
            const r = await db.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'",
            );
            peakConnections = Math.max(peakConnections, r.rows[0].n as number);
          };
          const sampler = setInterval(() => void sample().catch(() => undefined), 500);
          try {
            const run = await load<PlayResult>(
              {
                url: servers[0].url,
                urls: servers.map((s) => s.url),
                pairing: PAIRING,
                kind: 'play',
                count: SIZES.w2,
                thinkMs: 0,
                warmupMs: SIZES.warm,
                measureMs: SIZES.measure,
              },
              null,
            );
            const x = run.result;
            console.log(
              `2p. ${bus}, ${n} process(es): ${fmt(x.movesPerSecond)} moves/s, errors ${JSON.stringify(x.errors)}, peak connections ${peakConnections}/${maxConns}`,
            );
            return { processes: n, bus, run, peakConnections };
          } finally {
            clearInterval(sampler);
            await Promise.all(servers.map(stopServer));
          }
        }),
      );
  const errorsOf = (e: Record<string, number>) => Object.values(e).reduce((a, b) => a + b, 0);
  const pct = (x: number) => `${Math.round((x / ceiling.best) * 100)}%`;
  console.log(
    [
      '',
      `**Workload 2p**: ${fmt(SIZES.w2)} games, every move sent as soon as the opponent's arrives, players round-robin over N server processes sharing one database (each cell a fresh schema), games started by ${PAIRING === 'queue' ? 'the queue' : 'challenges between fixed partners on different processes'}. Ceiling: pgbench ${fmt(ceiling.atGames.tps)} tps at ${ceiling.atGames.clients} clients, ${fmt(ceiling.atPool.tps)} tps at ${ceiling.atPool.clients}; ceiling = ${fmt(ceiling.best)} moves/s.`,
      '',
      '| bus | processes | moves/s | share of ceiling | ack ms p50 / p99 | opponent ms p50 / p99 | errors | games across processes | peak connections |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...cells.map(({ bus, processes, run: { result: x }, peakConnections }) => {
        const errors =
          Object.entries(x.errors)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ') || '0';
        const p = x.processes;
        const cross = p ? `${fmt(p.crossProcess)} / ${fmt(p.matches)}` : '-';
        return `| ${bus === 'redis' ? 'Redis' : 'NOTIFY'} | ${processes} | **${fmt(x.movesPerSecond)}** | ${pct(x.movesPerSecond)} | ${x.ack.p50} / ${x.ack.p99} | ${x.opponent.p50} / ${x.opponent.p99} | ${errors} | ${cross} | ${peakConnections} / ${maxConns} |`;
      }),
      '',
    ].join('\n'),
  );
  const lo = Math.min(...PROCESSES);
  const hi = Math.max(...PROCESSES);
  const rate = (bus: Bus, n: number) =>
    cells.find((c) => c.bus === bus && c.processes === n)?.run.result.movesPerSecond ?? 0;
  if (hi > lo) {
    console.log(
      [
        `| bus | ${lo} process(es), moves/s | ${hi} processes, moves/s | ${hi} / ${lo} |`,
        '| --- | --- | --- | --- |',
        ...BUSES.map(
          (bus) =>
            `| ${bus === 'redis' ? 'Redis' : 'NOTIFY'} | ${fmt(rate(bus, lo))} | ${fmt(rate(bus, hi))} | **${(rate(bus, hi) / Math.max(1, rate(bus, lo))).toFixed(2)}** |`,
        ),
        '',
      ].join('\n'),
    );
  }
  for (const c of cells)
    target(
      `2p. ${c.bus}, ${c.processes} process(es): zero errors`,
      errorsOf(c.run.result.errors) === 0,
      JSON.stringify(c.run.result.errors),
    );
  if (BUSES.includes('redis')) {
    if (hi > lo)
      target(
        `2p. Redis: ${hi} processes >= the ${lo}-process rate`,
        rate('redis', hi) >= rate('redis', lo),
        `${fmt(rate('redis', hi))} vs ${fmt(rate('redis', lo))} moves/s`,
      );
    target(
      `2p. Redis, ${hi} process(es): >= ${TARGETS.w2pShare * 100}% of the pgbench ceiling`,
      rate('redis', hi) / ceiling.best >= TARGETS.w2pShare,
      `${fmt(rate('redis', hi))} / ${fmt(ceiling.best)} = ${pct(rate('redis', hi))}`,
    );
  }
}

async function writeResults(r: Report): Promise<void> {
  mkdirSync('bench/results', { recursive: true });
  const json = JSON.stringify(r, null, 2);
  writeFileSync(
    'bench/results/server.json',
    await prettier.format(json, { ...(await prettier.resolveConfig('x.json')), parser: 'json' }),
  );
  const x = r.w34.result;
  const md = [
    `<!-- bench:server:start (written by npm run bench:server; do not edit by hand) -->`,
    `Run of ${r.date} on ${r.machine}; server, load generator and PostgreSQL on the same machine.`,
    `Reproduce: \`npm run bench:server\` (local PostgreSQL; \`--pglite\` adds workload 2 on PGlite).`,
    '',
    `**Ceiling** (pgbench, one move per transaction: lock match, update piece, insert move, update match):`,
    `${fmt(r.ceiling.atGames.tps)} tps at ${r.ceiling.atGames.clients} clients, ${fmt(r.ceiling.atPool.tps)} tps at ${r.ceiling.atPool.clients} clients (the server's pool size); ceiling = ${fmt(r.ceiling.best)} moves/s.`,
    '',
    `**Workload 1**: ${fmt(r.w1.result.games)} games, each player answering ${r.w1.thinkMs} ms (±50%) after its opponent's move: each game makes about one move a second.`,
    '',
    playTable('1. paced', r.w1),
    ...(r.w1fast
      ? [
          '',
          `At twice the pace (answer after ${r.w1fast.thinkMs} ms: each player moves about once a second, ~${fmt(r.w1fast.result.games * 2)} moves/s offered), reported, not a target:`,
          '',
          playTable('1b. paced x2', r.w1fast),
        ]
      : []),
    ...(r.w1computer
      ? [
          '',
          `The same workload 1 with ${r.w1computer.computer.games} games against the computer running beside it (every level in turn, the player answering at once, so the engine pool never rests):`,
          '',
          playTable('1c. paced + computer games', r.w1computer),
          '',
          computerLine(r.w1computer.computer, r.w1computer.pool),
        ]
      : []),
    '',
    `**Workload 2**: ${fmt(r.w2.result.games)} games, every move sent as soon as the opponent's arrives: **${Math.round(r.w2.share * 100)}% of the ceiling**.`,
    '',
    playTable('2. as fast as possible', r.w2),
    ...(r.w2pglite ? ['', playTable('2. as fast as possible, PGlite', r.w2pglite)] : []),
    '',
    `**Workloads 3 and 4**: ${fmt(x.sockets)} sockets connected (in ${x.connectSeconds} s) and idle, then all send queue:join at once.`,
    '',
    `| 3 + 4 | value |`,
    `| --- | --- |`,
    `| server RSS per idle socket | **${fmt(r.w34.perSocketRss / 1024, 1)} KB** |`,
    `| server heap + external per idle socket (after full GC) | ${fmt(r.w34.perSocketHeap / 1024, 1)} KB |`,
    `| time until all ${fmt(x.sockets)} players had match:start | **${x.pairedSeconds} s** |`,
    `| players paired / matches (database) | ${fmt(x.paired)} / ${fmt(x.matches)} (${fmt(r.w34.dbMatches)}) |`,
    `| duplicate match:start / bad matches / errors | ${x.duplicates} / ${x.badMatches} / ${JSON.stringify(x.errors)} |`,
    '',
    'Targets:',
    '',
    ...r.targets.map((l) => `- ${l}`),
    `<!-- bench:server:end -->`,
  ].join('\n');
  const file = 'docs/BENCHMARKS.md';
  const doc = readFileSync(file, 'utf8');
  const re = /<!-- bench:server:start[\s\S]*?<!-- bench:server:end -->/;
  const next = re.test(doc)
    ? doc.replace(re, md)
    : `${doc.trimEnd()}\n\n## Server under load\n\n${md}\n`;
  // Formatted as the repository's `prettier --check` wants it.
  const options = { ...(await prettier.resolveConfig(file)), parser: 'markdown' };
  writeFileSync(file, await prettier.format(next, options));
  console.log(`written: ${file}, bench/results/server.json`);
}

await main();
