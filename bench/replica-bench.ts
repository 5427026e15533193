/**
 * `npm run bench:replica [-- --quick]`: what a read replica (DATABASE_READ_URL, a PostgreSQL
 * streaming standby) does for the human moves when a read-heavy workload runs beside them.
 *
 * One fresh schema on the local PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) seeded as bench:profiles seeds it (100,000 accounts,
 * 2,000,000 finished games; bench/profiles-seed.ts), then a real standby of it
 * (test/standby.ts: pg_basebackup, its own port). Cells, each with a fresh server process
 * (`node dist/main.js`), the standby running (replaying the moves) in all of them:
 *   a  workload 1 of bench:server alone (bench/server/load.ts in its own process: N concurrent
 *      games, each player answering ~1 s after its opponent)
 *   b  workload 1 + C guest readers (bench/replica-readers.ts, a process of its own: profiles,
 *      game pages, a later page, rating histories, the leaderboard of random seeded accounts),
 *      no DATABASE_READ_URL: the reads on the primary
 *   c  the same with DATABASE_READ_URL = the standby: the reads on the replica
 * Full size runs a, b, c, c, b, b, c, a (three of each read cell in both orders, to show the
 * noise and cancel a drift).
 * Prints a table per cell: the human move's latency (emit -> ack, emit -> opponent's move),
 * moves/s, reads/s and their latency, CPU of the server, the readers, the primary's and the
 * standby's PostgreSQL processes; checks that the moves were acked, the reads answered 200, and
 * that the standby served the reads of the replica cells and none of the others (its
 * pg_stat_database xact_commit and client sessions).
 *
 * Options: --quick (2,000 accounts, 40,000 games, 100 games, short windows: the CI smoke),
 * --write (results into bench/results/replica.json and docs/BENCHMARKS.md; the default without
 * --quick; --no-write: neither), --readers=C, --games=N (workload 1's games), --order=a,b,c (the cells),
 * --accounts=N --seeded-games=M (the seed), --standby-first (start the standby before the seed
 * and let it stream the seed, instead of copying the seeded cluster).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import * as prettier from 'prettier';
import { alive, startProc, type Proc } from '../test/cluster/procs.js';
import { startStandby, type Standby } from '../test/standby.js';
import { seed } from './profiles-seed.js';
import type { ReadersJob, ReadersResult } from './replica-readers.js';
import type { Job, PlayResult } from './server/load.js';
import { cpuSeconds, machineSeconds } from './server/procstat.js';
import { timings, type Timings } from './server/timings.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const quick = flag('quick');
const write = (flag('write') || !quick) && !flag('no-write');
const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const SIZES = {
  players: Number(option('accounts') ?? (quick ? 2_000 : 100_000)),
  games: Number(option('seeded-games') ?? (quick ? 40_000 : 2_000_000)),
  w1: Number(option('games') ?? (quick ? 100 : 1_000)),
  readers: Number(option('readers') ?? (quick ? 8 : 16)),
  warm: quick ? 2_500 : 8_000,
  measure: quick ? 5_000 : 20_000,
};
type CellKind = 'a' | 'b' | 'c';
const ORDER = (option('order') ?? (quick ? 'a,b,c' : 'a,b,c,c,b,b,c,a')).split(',') as CellKind[];
if (ORDER.some((c) => !['a', 'b', 'c'].includes(c))) throw new Error('--order: cells a, b, c');
const LABEL: Record<CellKind, string> = {
  a: 'a. workload 1 alone',
  b: 'b. + readers, reads on the primary',
  c: 'c. + readers, reads on the standby',
};
/** The application_name of the servers' connections to the primary. */
const APP = `damas-bench-replica-${process.pid}`;
const fmt = (x: number, d = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

// ---- what must be undone whatever happens
const children = new Set<ChildProcess>();
const undo: (() => Promise<unknown>)[] = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    // A child started from now on (a cell still going on) is killed at once: see track().
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const fn of undo.reverse()) await fn().catch((e) => console.error('cleanup:', e));
    // A server whose start was still under way (startProc had not returned it yet).
    for (const pid of childPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  })();
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => void cleanup().finally(() => process.exit(130)));
for (const event of ['uncaughtException', 'unhandledRejection'] as const)
  process.on(event, (e) => {
    console.error(e);
    void cleanup().finally(() => process.exit(1));
  });
// Output piped into a reader that goes away (| head) must not end the run before its cleanup.
process.stdout.on('error', () => undefined);

/** This process's own children, by /proc (Linux). */
function childPids(): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid)
        out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Killed at cleanup, or at once when the cleanup has begun. */
function track(c: ChildProcess): void {
  if (cleaning) {
    c.kill('SIGKILL');
    return;
  }
  children.add(c);
  c.once('exit', () => children.delete(c));
}

/** A bench child (tsx script, JSON job in argv[2], IPC), killed at cleanup. */
function child(script: string, job: unknown): ChildProcess {
  const c = spawn(
    process.execPath,
    ['--import', 'tsx', '--max-old-space-size=8192', resolve(script), JSON.stringify(job)],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  track(c);
  return c;
}

/** The child's last stdout line (JSON) once it exits. */
function resultOf<R>(c: ChildProcess, name: string, limitMs: number): Promise<R> {
  let out = '';
  c.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const limit = setTimeout(() => c.kill('SIGKILL'), limitMs);
  return new Promise((ok, fail) =>
    c.once('exit', (code) => {
      clearTimeout(limit);
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return fail(new Error(`${name} exited ${code}: ${out.slice(-2000)}`));
      ok(JSON.parse(line) as R);
    }),
  );
}

async function startServer(env: Record<string, string>): Promise<Proc> {
  const server = await startProc({
    ...env,
    DAMAS_TEST_API: '1',
    // All the load comes from one address: the per-address limits are for the internet.
    RATE_SOCKET: '1000000/1000000',
    RATE_HTTP: '1000000/1000000',
    RATE_CONNECT: '1000000/1000000',
  });
  track(server.child);
  return server;
}

async function stopServer(s: Proc): Promise<void> {
  if (!alive(s)) return;
  const gone = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  if (alive(s)) s.child.kill('SIGKILL');
}

/** A URL of `url`'s server with the schema's search_path. */
function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

async function one<T>(client: pg.Client, sql: string): Promise<T> {
  return (await client.query(sql)).rows[0] as T;
}

/** utime, stime, cutime, cstime of a process (its reaped children's in the last two), seconds. */
function times(pid: number): [number, number, number, number] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(f[11]) / 100, Number(f[12]) / 100, Number(f[13]) / 100, Number(f[14]) / 100];
  } catch {
    return [0, 0, 0, 0];
  }
}

/**
 * CPU seconds so far of a PostgreSQL cluster (the one in `dataDir`): its postmaster with the
 * children it has reaped (backends, autovacuum workers that came and went) and those alive.
 * Summing live processes alone would lose, between two readings, whatever exited in between.
 */
function clusterCpu(dataDir: string): number {
  const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  let total = times(postmaster).reduce((a, b) => a + b, 0);
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== postmaster) continue;
    } catch {
      continue; // gone meanwhile
    }
    total += times(Number(d)).reduce((a, b) => a + b, 0);
  }
  return total;
}

interface Cpu {
  server: number;
  load: number;
  readers: number;
  primary: number;
  /** The server's own backends on the primary (by application_name): pid -> CPU seconds. */
  backends: Map<number, number>;
  standby: number;
  machineBusy: number;
  machineTotal: number;
}

async function readCpu(
  pids: { server: number; load: number; readers?: number },
  dirs: { primary: string; standby: string },
  admin: pg.Client,
): Promise<Cpu> {
  const rows = (
    await admin.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [APP])
  ).rows as { pid: number }[];
  const backends = new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  const m = machineSeconds();
  return {
    backends,
    server: cpuSeconds(pids.server),
    load: cpuSeconds(pids.load),
    readers: pids.readers ? cpuSeconds(pids.readers) : 0,
    primary: clusterCpu(dirs.primary),
    standby: clusterCpu(dirs.standby),
    machineBusy: m.busy,
    machineTotal: m.total,
  };
}

/** Cores used between two readings (1.0 = one core the whole window); machine busy in %. */
function cpuShare(a: Cpu, b: Cpu, seconds: number) {
  const r = (x: number) => Math.round((x / seconds) * 100) / 100;
  return {
    server: r(b.server - a.server),
    load: r(b.load - a.load),
    readers: r(b.readers - a.readers),
    primary: r(b.primary - a.primary),
    // A backend opened in the window counts whole; one closed in it is lost (the pool keeps them).
    backends: r([...b.backends].reduce((s, [pid, t]) => s + t - (a.backends.get(pid) ?? 0), 0)),
    standby: r(b.standby - a.standby),
    machine: Math.round(
      ((b.machineBusy - a.machineBusy) / (b.machineTotal - a.machineTotal)) * 100,
    ),
  };
}

interface Cell {
  kind: CellKind;
  label: string;
  readUrlSet: boolean;
  play: PlayResult;
  readers: ReadersResult | null;
  cpu: ReturnType<typeof cpuShare>;
  server: Timings;
  /** On the standby over the window: transactions committed, client sessions at its end. */
  standby: { xacts: number; sessions: number; maxReplayLagMs: number };
}

interface Report {
  date: string;
  machine: string;
  quick: boolean;
  sizes: typeof SIZES;
  order: CellKind[];
  setup: {
    seedSeconds: number;
    standbySeconds: number;
    standbyFirst: boolean;
    databaseBytes: number;
  };
  cells: Cell[];
  checks: string[];
}

const standbyStats = async (c: pg.Client) =>
  one<{ xacts: string; sessions: number }>(
    c,
    `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS xacts,
            (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()
               AND backend_type = 'client backend' AND pid <> pg_backend_pid()) AS sessions`,
  );

async function runCell(
  kind: CellKind,
  ctx: { url: string; readUrl: string; admin: pg.Client; standby: Standby; standbyDb: pg.Client },
): Promise<Cell> {
  const { admin, standby, standbyDb } = ctx;
  // No checkpoint of an earlier cell's writes lands in this one; the standby is where it was.
  await admin.query('CHECKPOINT');
  await standby.caughtUp(120_000);
  await standbyDb.query('CHECKPOINT');
  const dirOf = async (c: pg.Client) =>
    (await one<{ data_directory: string }>(c, 'SHOW data_directory')).data_directory;
  const dirs = { primary: await dirOf(admin), standby: await dirOf(standbyDb) };
  const env: Record<string, string> = { DATABASE_URL: ctx.url, DATABASE_READ_URL: '' };
  if (kind === 'c') env.DATABASE_READ_URL = ctx.readUrl;
  const server = await startServer(env);
  try {
    const readersProc =
      kind === 'a'
        ? null
        : child('bench/replica-readers.ts', {
            url: server.url,
            players: SIZES.players,
            concurrency: SIZES.readers,
          } satisfies ReadersJob);
    const readersDone = readersProc
      ? resultOf<ReadersResult>(readersProc, 'readers', 600_000)
      : Promise.resolve(null);
    const load = child('bench/server/load.ts', {
      url: server.url,
      kind: 'play',
      count: SIZES.w1,
      thinkMs: 1_000,
      warmupMs: SIZES.warm,
      measureMs: SIZES.measure,
    } satisfies Job);
    const loadDone = resultOf<PlayResult>(load, 'load generator', 300_000);
    const pids = {
      server: server.child.pid as number,
      load: load.pid as number,
      readers: readersProc?.pid,
    };
    // Set by the load generator's checkpoints.
    const w: {
      start?: { cpu: Cpu; at: number; xacts: number };
      end?: { cpu: ReturnType<typeof cpuShare>; xacts: number; sessions: number };
      seen?: Timings;
    } = {};
    let maxLag = 0;
    let sampler: NodeJS.Timeout | undefined;
    const lag = async () => {
      const r = await one<{ ms: number | null }>(
        admin,
        `SELECT max(extract(epoch FROM replay_lag) * 1000)::float AS ms FROM pg_stat_replication`,
      );
      maxLag = Math.max(maxLag, r.ms ?? 0);
    };
    load.on('message', (msg: { checkpoint: string }) => {
      void (async () => {
        if (msg.checkpoint === 'measure-start') {
          await timings(server.url);
          readersProc?.send('measure');
          const s = await standbyStats(standbyDb);
          w.start = {
            cpu: await readCpu(pids, dirs, admin),
            at: performance.now(),
            xacts: Number(s.xacts),
          };
          sampler = setInterval(() => void lag().catch(() => undefined), 1_000);
        } else if (msg.checkpoint === 'measure-end' && w.start) {
          clearInterval(sampler);
          readersProc?.send('stop');
          w.seen = await timings(server.url);
          const cpu = cpuShare(
            w.start.cpu,
            await readCpu(pids, dirs, admin),
            (performance.now() - w.start.at) / 1000,
          );
          const s = await standbyStats(standbyDb);
          w.end = { cpu, xacts: Number(s.xacts) - w.start.xacts, sessions: s.sessions };
        }
        load.send({ ok: true });
      })().catch((e) => {
        console.error('checkpoint:', e);
        load.kill('SIGKILL');
      });
    });
    const [play, readers] = await Promise.all([loadDone, readersDone]);
    const { end: e, seen } = w;
    if (!e || !seen) throw new Error('the load generator never ended its window');
    const cell: Cell = {
      kind,
      label: LABEL[kind],
      readUrlSet: env.DATABASE_READ_URL !== '',
      play,
      readers,
      cpu: e.cpu,
      server: seen,
      standby: { xacts: e.xacts, sessions: e.sessions, maxReplayLagMs: Math.round(maxLag) },
    };
    console.log(line(cell));
    return cell;
  } finally {
    await stopServer(server);
  }
}

const errorCount = (e: Record<string, number>) => Object.values(e).reduce((a, b) => a + b, 0);
const errorText = (e: Record<string, number>) =>
  Object.entries(e)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || '0';

function line(c: Cell): string {
  const r = c.readers;
  const kinds = r
    ? ` (${Object.entries(r.byKind)
        .map(([k, l]) => `${k} ${l.p50}/${l.p99}`)
        .join(', ')})`
    : '';
  return `${c.label}: move ack p50/p99 ${c.play.ack.p50}/${c.play.ack.p99} ms, opponent p99 ${c.play.opponent.p99} ms, ${fmt(c.play.movesPerSecond)} moves/s${r ? `, ${fmt(r.readsPerSecond)} reads/s p50/p99 ${r.latency.p50}/${r.latency.p99} ms${kinds}` : ''}; server loop p99 ${c.server.loop.p99} ms, move batch p99 ${c.server.batches.p99} ms; CPU server ${c.cpu.server}, readers ${c.cpu.readers}, load ${c.cpu.load}, primary ${c.cpu.primary} (server's backends ${c.cpu.backends}), standby ${c.cpu.standby} (machine ${c.cpu.machine}%); standby xacts ${fmt(c.standby.xacts)}, sessions ${c.standby.sessions}, max replay lag ${c.standby.maxReplayLagMs} ms`;
}

function table(cells: Cell[]): string {
  const rows = cells.map((c, i) => {
    const r = c.readers;
    const errs = { ...c.play.errors, ...(r ? r.errors : {}) };
    return `| ${i + 1} | ${c.label} | ${c.play.ack.p50} / **${c.play.ack.p99}** | ${c.play.opponent.p50} / ${c.play.opponent.p99} | ${fmt(c.play.movesPerSecond)} | ${r ? fmt(r.readsPerSecond) : '-'} | ${r ? `${r.latency.p50} / ${r.latency.p99}` : '-'} | ${c.server.loop.p99} / ${c.server.batches.p99} | ${c.cpu.server} / ${c.cpu.readers} / ${c.cpu.primary} (${c.cpu.backends}) / ${c.cpu.standby} (${c.cpu.machine}%) | ${fmt(c.standby.xacts)} | ${errorText(errs)} |`;
  });
  return [
    '| # | cell | move ack ms p50 / p99 | opponent ms p50 / p99 | moves/s | reads/s | read ms p50 / p99 | server loop p99 / move batch p99, ms | CPU cores: server / readers / primary PG (its backends serving the server) / standby PG (machine busy) | standby xacts | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Per kind of cell, the median over its repeats; the ratios c/b, b/a, c/a. */
function ratios(cells: Cell[]): string {
  const of = (k: CellKind, f: (c: Cell) => number) => {
    const xs = cells.filter((c) => c.kind === k).map(f);
    return xs.length ? median(xs) : NaN;
  };
  const metrics: [string, (c: Cell) => number][] = [
    ['move ack p99', (c) => c.play.ack.p99],
    ['move ack p50', (c) => c.play.ack.p50],
    ['opponent p99', (c) => c.play.opponent.p99],
    ['reads/s', (c) => c.readers?.readsPerSecond ?? NaN],
    ['read p99', (c) => c.readers?.latency.p99 ?? NaN],
    ['primary PG cores', (c) => c.cpu.primary],
    ["primary PG cores, the server's backends", (c) => c.cpu.backends],
    ['standby PG cores', (c) => c.cpu.standby],
  ];
  const x = (n: number, d: number) => (Number.isFinite(n) && d ? (n / d).toFixed(2) : '-');
  const v = (n: number) => (Number.isFinite(n) ? fmt(n, 2) : '-');
  return [
    '| median over repeats | a | b | c | c / b | b / a | c / a |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...metrics.map(([name, f]) => {
      const [a, b, c] = [of('a', f), of('b', f), of('c', f)];
      return `| ${name} | ${v(a)} | ${v(b)} | ${v(c)} | **${x(c, b)}** | ${x(b, a)} | ${x(c, a)} |`;
    }),
  ].join('\n');
}

async function writeResults(r: Report): Promise<void> {
  mkdirSync('bench/results', { recursive: true });
  const jsonFile = 'bench/results/replica.json';
  writeFileSync(
    jsonFile,
    await prettier.format(JSON.stringify(r, null, 2), {
      ...(await prettier.resolveConfig(jsonFile)),
      parser: 'json',
    }),
  );
  const md = [
    `<!-- bench:replica:start (written by npm run bench:replica; do not edit by hand) -->`,
    `Run of ${r.date} on ${r.machine}; server, load generator, readers, the primary and the standby on the same machine.`,
    `Reproduce: \`npm run bench:replica\`.`,
    '',
    `Seed: ${fmt(r.sizes.players)} accounts, ${fmt(r.sizes.games)} finished games (bench/profiles-seed.ts, ${fmt(r.setup.seedSeconds)} s with VACUUM ANALYZE; database ${fmt(r.setup.databaseBytes / 2 ** 30, 2)} GiB); the standby ${r.setup.standbyFirst ? 'started before the seed and streamed it' : 'copied from the seeded primary (pg_basebackup) and caught up'} in ${fmt(r.setup.standbySeconds)} s.`,
    `Workload 1: ${fmt(r.sizes.w1)} games, each player answering 1 s (±50%) after its opponent (bench/server/load.ts); readers: ${r.sizes.readers} concurrent guests in a closed loop (bench/replica-readers.ts: profile, games page, a later page, rating history, leaderboard of a random seeded account). Window ${r.sizes.measure / 1000} s after ${r.sizes.warm / 1000} s of warm-up; a fresh server process per cell, the standby replaying in every cell; cells in the order ${r.order.join(', ')}.`,
    '',
    table(r.cells),
    '',
    ratios(r.cells),
    '',
    ...(r.checks.every((l) => l.startsWith('ok'))
      ? [
          `Checks: all ${r.checks.length} held (in every cell the moves acked with no error and every read answered 200; the standby served the reads of the replica cells, its transactions counted in pg_stat_database, and had no client in the others).`,
        ]
      : r.checks.map((l) => `- ${l}`)),
    `<!-- bench:replica:end -->`,
  ].join('\n');
  const file = 'docs/BENCHMARKS.md';
  const doc = readFileSync(file, 'utf8');
  const re = /<!-- bench:replica:start[\s\S]*?<!-- bench:replica:end -->/;
  const heading = '## Read replica: `npm run bench:replica`';
  let next: string;
  if (re.test(doc)) next = doc.replace(re, md);
  else {
    // After the profiles' section, whose seed it shares.
    const at = doc.indexOf('\n## ', doc.indexOf('## Profiles, game lists'));
    next =
      at > 0
        ? `${doc.slice(0, at)}\n${heading}\n\n${md}\n${doc.slice(at)}`
        : `${doc.trimEnd()}\n\n${heading}\n\n${md}\n`;
  }
  writeFileSync(
    file,
    await prettier.format(next, { ...(await prettier.resolveConfig(file)), parser: 'markdown' }),
  );
  console.log(`written: ${file}, ${jsonFile}`);
}

/** A connection closed at cleanup; its errors (the server restarted under it) fail the next query, not the process. */
async function client(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', (e) => console.error(`connection error: ${e.message}`));
  await c.connect();
  undo.push(() => c.end());
  return c;
}

/** On a connection of its own (the bench's may be gone), retried while PostgreSQL restarts. */
async function dropSchema(schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const c = new pg.Client({ connectionString: base });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      return;
    } catch (e) {
      if (attempt >= 10) throw e;
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      await c.end().catch(() => undefined);
    }
  }
}

async function main(): Promise<number> {
  const t0 = Date.now();
  const schema = `bench_replica_${Date.now().toString(36)}`;
  const admin = await client(base);
  await admin.query(`CREATE SCHEMA ${schema}`);
  undo.push(() => dropSchema(schema));
  const url = inSchema(base, schema);
  const serverUrl = new URL(url);
  // The server's backends on the primary, told from other sessions' (the CPU column).
  serverUrl.searchParams.set('application_name', APP);
  const db = await client(url);

  const standbyFirst = flag('standby-first');
  let standby: Standby | null = null;
  const begin = async () => {
    const s = await startStandby(base);
    undo.push(() => s.stop());
    return s;
  };
  // The server's migrations make the tables.
  await stopServer(await startServer({ DATABASE_URL: url, DATABASE_READ_URL: '' }));
  let s0 = Date.now();
  if (standbyFirst) standby = await begin();
  // Marked indexed by the opening explorer, as on a site whose indexer keeps up: else every
  // server works through the 2,000,000 games' backlog beside the cells (writes on the primary,
  // replayed by the standby), which is no part of the reads measured here.
  const seedSeconds = await seed(db, SIZES.players, SIZES.games, { explored: true });
  if (!standbyFirst) {
    s0 = Date.now();
    standby = await begin();
  }
  await standby!.caughtUp(1_800_000);
  const standbySeconds = (Date.now() - s0) / 1000;
  console.log(
    `standby ${standbyFirst ? 'streamed the seed' : 'copied and caught up'} in ${fmt(standbySeconds, 1)} s (port ${standby!.port})`,
  );
  const standbyDb = await client(standby!.url);
  const databaseBytes = Number(
    (await one<{ n: string }>(admin, 'SELECT pg_database_size(current_database()) AS n')).n,
  );
  const readUrl = inSchema(standby!.url, schema);
  const cells: Cell[] = [];
  for (const kind of ORDER)
    cells.push(
      await runCell(kind, {
        url: serverUrl.toString(),
        readUrl,
        admin,
        standby: standby!,
        standbyDb,
      }),
    );

  console.log(`\n${table(cells)}\n\n${ratios(cells)}\n`);
  // Correctness, at any size.
  const checks: string[] = [];
  let failed = 0;
  const check = (name: string, ok: boolean, detail: string) => {
    if (!ok) failed++;
    const l = `${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`;
    console.log(l);
    checks.push(l);
  };
  for (const c of cells) {
    const tag = `${c.kind} (${cells.filter((x) => x.kind === c.kind).indexOf(c) + 1})`;
    check(
      `${tag} moves acked, no errors`,
      c.play.moves > 0 && errorCount(c.play.errors) === 0,
      `${fmt(c.play.moves)} moves, errors ${errorText(c.play.errors)}`,
    );
    if (c.readers)
      check(
        `${tag} every read answered 200`,
        c.readers.reads > 0 && errorCount(c.readers.errors) === 0,
        `${fmt(c.readers.reads)} reads, others ${errorText(c.readers.errors)}`,
      );
    if (c.kind === 'c')
      check(
        `${tag} DATABASE_READ_URL set and the standby served the reads`,
        c.readUrlSet && c.standby.sessions > 0 && c.standby.xacts >= (c.readers?.reads ?? 1) / 2,
        `${fmt(c.standby.xacts)} transactions on the standby for ${fmt(c.readers?.reads ?? 0)} reads, ${c.standby.sessions} sessions`,
      );
    else
      check(
        `${tag} no DATABASE_READ_URL, the standby idle`,
        !c.readUrlSet && c.standby.sessions === 0 && c.standby.xacts < 50,
        `${fmt(c.standby.xacts)} transactions on the standby, ${c.standby.sessions} sessions`,
      );
  }
  const report: Report = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    quick,
    sizes: SIZES,
    order: ORDER,
    setup: { seedSeconds, standbySeconds, standbyFirst, databaseBytes },
    cells,
    checks,
  };
  if (write) await writeResults(report);
  console.log(`bench:replica: ${fmt((Date.now() - t0) / 1000, 1)} s`);
  return failed;
}

let code = 1;
try {
  code = (await main()) > 0 ? 1 : 0;
} catch (e) {
  console.error(e);
} finally {
  await cleanup();
}
process.exit(code);
