/**
 * `npm run bench:profiles [-- --quick] [--check]` (PostgreSQL: DATABASE_URL, default the local
 * one): issue 15's read figures at scale. Seeds 100,000 accounts and 2,000,000 finished games
 * (80% rated) with ratings into a fresh schema, then measures through a real server process, one
 * request at a time: a player's history page (first page and a later one), a profile, a
 * leaderboard (targets: p99 < 20 ms), and what settling ratings adds to a game's end (rated vs
 * casual resignations, interleaved: target < 1 ms). Prints EXPLAIN ANALYZE of the two list
 * queries. --quick: 2,000 accounts and 40,000 games (a CI smoke: correctness, not the targets).
 */
import pg from 'pg';
import { latency } from '../src/testing/latency.js';
import { startProc, type Proc } from '../test/cluster/procs.js';
import { pid, seed, token } from './profiles-seed.js';
import { connect, type WireSocket } from './server/clients.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const check = args.includes('--check');
const PLAYERS = quick ? 2_000 : 100_000;
const GAMES = quick ? 40_000 : 2_000_000;
const SAMPLES = quick ? 200 : 1_000;
/** --endings=N: resignations of each kind (more for a steadier median of a small difference). */
const ENDINGS = Number(
  args.find((a) => a.startsWith('--endings='))?.slice(10) ?? (quick ? 60 : 400),
);
const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const fmt = (x: number, d = 2) => x.toFixed(d);

async function timed(url: string): Promise<number> {
  const t = performance.now();
  const r = await fetch(url);
  await r.arrayBuffer();
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return performance.now() - t;
}

const pick = (i: number) => 1 + ((i * 48271) % PLAYERS);

/** Resign `n` games of each kind, interleaved; the ack time of each (ms). */
async function endings(server: Proc): Promise<{ rated: number[]; casual: number[] }> {
  const sockets = new Map<number, WireSocket>();
  const socketOf = async (n: number) => {
    let s = sockets.get(n);
    if (!s) {
      s = await connect(server.url, token(n));
      sockets.set(n, s);
    }
    return s;
  };
  const out = { rated: [] as number[], casual: [] as number[] };
  for (let i = 0; i < 2 * ENDINGS; i++) {
    const rated = i % 2 === 0;
    const [w, b] = [pick(7 * i + 1), pick(7 * i + 2)];
    if (w === b) continue;
    const r = await fetch(`${server.url}/api/test/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        variant: 'english',
        whiteId: pid(w),
        blackId: pid(b),
        clock: { initial: 180_000, increment: 2_000 },
        rated,
      }),
    });
    const match = (await r.json()) as { id: string };
    const s = await socketOf(w);
    const t = performance.now();
    const ack = (await s.emitWithAck('match:resign', { matchId: match.id })) as { ok: boolean };
    const ms = performance.now() - t;
    if (!ack.ok) throw new Error(`resign: ${JSON.stringify(ack)}`);
    (rated ? out.rated : out.casual).push(ms);
  }
  for (const s of sockets.values()) s.close();
  return out;
}

async function explain(db: pg.Client, sql: string, params: unknown[]): Promise<string> {
  const r = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`, params);
  return r.rows.map((x: { 'QUERY PLAN': string }) => x['QUERY PLAN']).join('\n');
}

const schema = `bench_profiles_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const u = new URL(base);
u.searchParams.set('options', `-c search_path=${schema}`);
const db = new pg.Client({ connectionString: u.toString() });
await db.connect();
let server: Proc | null = null;
let failed = 0;
try {
  server = await startProc({
    DATABASE_URL: u.toString(),
    DAMAS_TEST_API: '1',
    RATE_HTTP: '1000000/1000000',
    RATE_SOCKET: '1000000/1000000',
    RATE_CONNECT: '1000000/1000000',
  });
  await seed(db, PLAYERS, GAMES);
  const url = server.url;
  // Warm the server's code paths and the database's cache a little, as a live site would be.
  for (let i = 0; i < 50; i++) await timed(`${url}/api/users/p${pick(i + 10_000)}/games`);

  const first: number[] = [];
  const later: number[] = [];
  const profiles: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const name = `p${pick(i)}`;
    first.push(await timed(`${url}/api/users/${name}/games`));
    profiles.push(await timed(`${url}/api/users/${name}`));
  }
  for (let i = 0; i < SAMPLES / 5; i++) {
    const name = `p${pick(i + 500)}`;
    const page = (await (await fetch(`${url}/api/users/${name}/games?limit=20`)).json()) as {
      next: string | null;
    };
    if (page.next) later.push(await timed(`${url}/api/users/${name}/games?cursor=${page.next}`));
  }
  const boards: number[] = [];
  for (let i = 0; i < SAMPLES / 2; i++)
    boards.push(await timed(`${url}/api/leaderboard/english/blitz`));
  const ends = await endings(server);

  const rows = [
    ['history page (first)', latency(first)],
    ['history page (second)', latency(later)],
    ['profile', latency(profiles)],
    ['leaderboard', latency(boards)],
    ['resign, rated', latency(ends.rated)],
    ['resign, casual', latency(ends.casual)],
  ] as const;
  console.log(
    `\n| request (one at a time) | n | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |`,
  );
  for (const [name, l] of rows)
    console.log(`| ${name} | ${l.n} | ${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.max)} |`);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const added = latency(ends.rated).p50 - latency(ends.casual).p50;
  const addedMean = mean(ends.rated) - mean(ends.casual);
  console.log(
    `\nsettling ratings adds ${fmt(added)} ms at the median (${fmt(addedMean)} ms on the mean) to a resignation`,
  );
  const targets: [string, boolean][] = [
    ['history page p99 < 20 ms', latency(first).p99 < 20 && latency(later).p99 < 20],
    ['leaderboard p99 < 20 ms', latency(boards).p99 < 20],
    ['rating update adds < 1 ms', added < 1],
  ];
  for (const [name, ok] of targets) {
    console.log(`${ok ? 'met ' : 'MISS'} ${name}`);
    if (!ok) failed++;
  }
  console.log('\nEXPLAIN ANALYZE, history page (first page):');
  const { GAMES_SQL } = await import('../src/matches/match-queries.js');
  console.log(
    await explain(db, GAMES_SQL, [
      `p${pick(3)}`,
      null,
      'infinity',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      21,
    ]),
  );
  console.log('\nEXPLAIN ANALYZE, leaderboard:');
  const { LEADERBOARD_SQL } = await import('../src/profiles/profiles.service.js');
  console.log(await explain(db, LEADERBOARD_SQL, ['english', 'blitz']));
} finally {
  if (server) server.child.kill('SIGTERM');
  await db.end();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
if (check && failed > 0 && !quick) process.exit(1);
