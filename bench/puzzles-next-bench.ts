/**
 * `npm run bench:puzzle-next [-- --quick] [--check]` (PostgreSQL: DATABASE_URL, default the local
 * one): issue 32's figure, GET /api/puzzle/next p99 < 10 ms at 100,000 puzzles and 100,000
 * puzzlers. Seeds a fresh schema: 100,000 puzzles of one variant (ratings 600-2800), 100,000
 * accounts with a puzzle rating each and 20 rated rounds on the puzzles nearest their rating
 * (what selection must skip), every 1,000th with 2,000; then asks a real server process, one
 * request at a time, for accounts' next puzzles (the heavy ones apart), guests', and rated
 * rounds. Prints EXPLAIN ANALYZE of the selection for a heavy puzzler. --quick: 5,000 puzzles,
 * 2,000 puzzlers (a CI smoke: correctness, not the target).
 */
import pg from 'pg';
import { latency } from '../src/testing/latency.js';
import { pickQuery } from '../src/puzzles/puzzle-queries.js';
import { startProc, type Proc } from '../test/cluster/procs.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const check = args.includes('--check');
const PUZZLES = quick ? 5_000 : 100_000;
const PLAYERS = quick ? 2_000 : 100_000;
const ROUNDS = 20;
const HEAVY_EVERY = 1_000;
const HEAVY_ROUNDS = quick ? 500 : 2_000;
const SAMPLES = quick ? 300 : 3_000;
const VARIANT = 'russian';
const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const fmt = (x: number, d = 2) => x.toFixed(d);
const token = (n: number) => `bench-${n}`;
/** Puzzle k's rating: 600 to 2800, evenly. */
const LO = 600;
const HI = 2800;

async function seed(db: pg.Client): Promise<void> {
  const t0 = Date.now();
  await db.query(`CREATE FUNCTION pid(bigint) RETURNS uuid IMMUTABLE LANGUAGE sql AS
    $$ SELECT overlay(overlay(md5('p' || $1) placing '4' from 13) placing '8' from 17)::uuid $$`);
  // 6 characters of [0-9A-Za-z] from k, scattered (k * a prime, modulo 62^6).
  await db.query(`CREATE FUNCTION zid(bigint) RETURNS text IMMUTABLE LANGUAGE sql AS
    $$ SELECT string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
         (((($1 * 2654435761) % 56800235584) / (62::bigint ^ i)::bigint) % 62)::int + 1, 1), '' ORDER BY i)
       FROM generate_series(0, 5) i $$`);
  await db.query(
    `INSERT INTO puzzles (id, variant, fen, moves, themes, rating, rd, vol, plays, depth, source)
     SELECT zid(k), $1, 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
            ARRAY['22-18', '11-15', '18x11', '7x16'], ARRAY['short', 'middlegame'],
            $3::float8 + ($4::float8 - $3::float8) * k::float8 / $2::float8, 80, 0.06, 30, 9, 'selfplay'
       FROM generate_series(0, $2 - 1) k`,
    [VARIANT, PUZZLES, LO, HI],
  );
  await db.query(
    `INSERT INTO players (id, name, token_hash, username, signed_up_at, created_at)
     SELECT pid(n), 'p' || n, encode(sha256(('bench-' || n)::bytea), 'hex'), 'p' || n, now(), now()
       FROM generate_series(1, $1) n`,
    [PLAYERS],
  );
  // Puzzlers rated 800-2600; each has played the puzzles just above its rating.
  await db.query(
    `INSERT INTO puzzle_ratings (player_id, variant, rating, rd, vol, rounds, wins, last_round_at)
     SELECT pid(n), $1, 800 + (n * 7919) % 1800, 60, 0.06, 20, 12, now() - interval '1 day'
       FROM generate_series(1, $2) n`,
    [VARIANT, PLAYERS],
  );
  await db.query(
    `INSERT INTO puzzle_rounds (player_id, puzzle_id, variant, win, rated, at, player_rating,
                                player_rd, player_delta, puzzle_rating, puzzle_plays)
     SELECT pid(n), zid(kk.k), $1, (n + j) % 3 <> 0, true, now() - interval '1 day', 1500, 60, 0, 1500, 30
       FROM generate_series(1, $2::int) n,
            LATERAL (SELECT ((800 + (n * 7919) % 1800 - $5::int) * $3::float8 / ($6::int - $5::int))::bigint AS k0,
                            CASE WHEN n % $7::int = 0 THEN $8::int ELSE $4::int END AS m) s,
            LATERAL generate_series(0, s.m - 1) j,
            LATERAL (SELECT s.k0 - s.m / 2 + j AS k) kk
      WHERE kk.k >= 0 AND kk.k < $3::int`,
    [VARIANT, PLAYERS, PUZZLES, ROUNDS, LO, HI, HEAVY_EVERY, HEAVY_ROUNDS],
  );
  await db.query('VACUUM ANALYZE');
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM puzzle_rounds`)).rows as {
    n: number;
  }[];
  console.log(
    `seeded ${PUZZLES.toLocaleString('en-US')} puzzles, ${PLAYERS.toLocaleString('en-US')} puzzlers, ${n.toLocaleString('en-US')} rounds in ${fmt((Date.now() - t0) / 1000, 1)} s`,
  );
}

async function timed(url: string, init?: RequestInit): Promise<number> {
  const t = performance.now();
  const r = await fetch(url, init);
  await r.arrayBuffer();
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return performance.now() - t;
}

const auth = (n: number) => ({ headers: { authorization: `Bearer ${token(n)}` } });
const pick = (i: number) => 1 + ((i * 48271) % PLAYERS);

const schema = `bench_puzzles_${Date.now().toString(36)}`;
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
    PUZZLE_DIR: '',
    RATE_HTTP: '1000000/1000000',
  });
  await seed(db);
  const url = `${server.url}/api/puzzle/next?variant=${VARIANT}`;
  for (let i = 0; i < 100; i++) await timed(url, auth(pick(i + 50_000)));

  const accounts: number[] = [];
  const heavy: number[] = [];
  const guests: number[] = [];
  const rounds: number[] = [];
  // The same process's cheapest route, interleaved: what the machine's noise alone costs.
  const health: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    let n = pick(i);
    if (n % HEAVY_EVERY === 0) n++;
    accounts.push(await timed(url, auth(n)));
    if (i % 3 === 0) guests.push(await timed(url));
    if (i % 3 === 1) health.push(await timed(`${server.url}/health`));
    if (i % 10 === 0)
      heavy.push(await timed(url, auth(HEAVY_EVERY * (1 + (i % (PLAYERS / HEAVY_EVERY))))));
  }
  // Rated rounds: a puzzle each new to its puzzler.
  for (let i = 0; i < SAMPLES / 5; i++) {
    const n = pick(i + 7);
    const r = await fetch(url, auth(n));
    const view = (await r.json()) as { puzzle: { id: string } };
    rounds.push(
      await timed(`${server.url}/api/puzzle/${view.puzzle.id}/round`, {
        method: 'POST',
        headers: { ...auth(n).headers, 'content-type': 'application/json' },
        body: JSON.stringify({ win: i % 2 === 0 }),
      }),
    );
  }
  const rows = [
    ['next, account (20 rounds)', latency(accounts)],
    [`next, account (${HEAVY_ROUNDS} rounds)`, latency(heavy)],
    ['next, guest', latency(guests)],
    ['round, rated', latency(rounds)],
    ['GET /health (baseline)', latency(health)],
  ] as const;
  console.log(
    `\n| request (one at a time) | n | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |`,
  );
  for (const [name, l] of rows)
    console.log(`| ${name} | ${l.n} | ${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.max)} |`);
  const targets: [string, boolean][] = [
    ['GET /api/puzzle/next p99 < 10 ms (accounts)', latency(accounts).p99 < 10],
  ];
  for (const [name, ok] of targets) {
    console.log(`${ok ? 'met ' : 'MISS'} ${name}`);
    if (!ok) failed++;
  }
  const [h] = (
    await db.query(`SELECT player_id, rating FROM puzzle_ratings WHERE player_id = pid($1)`, [
      HEAVY_EVERY,
    ])
  ).rows as { player_id: string; rating: number }[];
  const q = pickQuery('up', {
    variant: VARIANT,
    target: h.rating,
    from: 'M00000',
    player: h.player_id,
  });
  const plan = await db.query(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${q.text}`,
    q.values,
  );
  console.log(
    `\nEXPLAIN ANALYZE, selection for a puzzler with ${HEAVY_ROUNDS} rounds around its rating:`,
  );
  console.log(plan.rows.map((x: { 'QUERY PLAN': string }) => x['QUERY PLAN']).join('\n'));
} finally {
  if (server) server.child.kill('SIGTERM');
  await db.end();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
if (check && failed > 0 && !quick) process.exit(1);
