/**
 * `npm run bench:explorer [-- --quick] [--check] [--games N] [--keep]` (PostgreSQL: DATABASE_URL,
 * default the local one): issue 35's figures.
 *
 * 1. The index at scale: N games (default 2,000,000; their `matches` rows too, for the game
 *    lists), made by bench/explorer/games.ts (openings shared, then parting ways), their first
 *    50 plies cut into the indexer's cells by two worker processes and loaded in bulk (a staging
 *    table, then one aggregate into `explorer_site`: the same rows the indexer would write, much
 *    faster than N upserts). Its size per million games.
 * 2. The indexer itself at that size: 20,000 more games stored as the server stores them
 *    (`matches` + `moves`) and indexed by ExplorerIndexer.catchUp, one process then two at once:
 *    games/s.
 * 3. Reads through a real server process, one at a time, from positions of the games (40% in
 *    the first 6 plies, 40% in plies 7-20, 20% deeper; a third filtered by speed or band):
 *    p50/p99 (target p99 < 20 ms).
 *
 * --keep reuses the schema's index when it already holds N games (the fill takes the longest);
 * --reads-only then skips the indexer's part too.
 * --quick: 5,000 games, 1,000 through the indexer, 200 reads (a CI smoke, not the target).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { configWith } from '../src/config.js';
import { RATING_BANDS, SPEEDS } from '../src/common/protocol.js';
import { ExplorerIndexer } from '../src/explorer/index.js';
import { MatchQueries, MatchStore } from '../src/matches/index.js';
import { bandOf, boardKey, pathText, speedIndex } from '../src/explorer/explorer-rules.js';
import { dataSourceOptions } from '../src/persistence/database.js';
import { Position, unwrap, type VariantId } from '../src/rules/index.js';
import { ENTITIES } from '../src/persistence/entities/index.js';
import { migrate } from '../src/persistence/migrate.js';
import { MIGRATIONS } from '../src/persistence/migrations/index.js';
import { latency } from '../src/testing/latency.js';
import { startProc, type Proc } from '../test/cluster/procs.js';
import {
  benchGame,
  blackRatingOf,
  CLOCKS,
  gameId,
  PLAYERS,
  speedOf,
  sqlGames,
  variantOf,
  whiteRatingOf,
  winnerOf,
} from './explorer/games.js';

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = args.includes('--quick');
const check = args.includes('--check');
const GAMES = Number(value('games') ?? (quick ? 5_000 : 2_000_000));
const THROUGH = quick ? 1_000 : 20_000;
const READS = quick ? 200 : 2_000;
const JOBS = Math.max(1, Math.min(2, cpus().length));
const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema =
  value('schema') ?? (quick ? `bench_explorer_${Date.now().toString(36)}` : 'bench_explorer');
const url = (() => {
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
})();
const fmt = (x: number, d = 1) => x.toFixed(d);
const now = Date.now();
const endedAt = (n: number) => new Date(now - n * ((365 * 86400_000) / GAMES)).toISOString();

// ---------------------------------------------------------------------------------------------
// Worker: games [from, to) cut into cells, written to the staging table.
if (args.includes('--worker')) {
  const from = Number(value('from'));
  const to = Number(value('to'));
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  type Row = [
    string,
    string,
    string,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    string,
    string,
    number,
  ];
  let rows: Row[] = [];
  // PostgreSQL on this machine reads the file itself (COPY FROM a file): far faster than binding
  // a million parameters. The bench's database is the local one.
  const file = join(tmpdir(), `damas-explorer-stage-${process.pid}.csv`);
  const flush = async () => {
    if (rows.length === 0) return;
    writeFileSync(file, rows.map((r) => r.join(',')).join('\n') + '\n');
    chmodSync(file, 0o644);
    await db.query(`COPY explorer_stage FROM '${file}' WITH (FORMAT csv)`);
    rows = [];
  };
  for (let n = from; n < to; n++) {
    const w = whiteRatingOf(n);
    const b = blackRatingOf(n);
    const avg = Math.round((w + b) / 2);
    const winner = winnerOf(n);
    const seen = new Set<string>();
    for (const { pos, move } of benchGame(n)) {
      const key = boardKey(pos.board, pos.turn);
      const text = pathText(move.path, move.captures.length > 0);
      if (seen.has(key + text)) continue;
      seen.add(key + text);
      rows.push([
        key,
        pos.variant.id,
        text,
        speedIndex(speedOf(n)),
        bandOf(w, b),
        winner === 'white' ? 1 : 0,
        winner === null ? 1 : 0,
        winner === 'black' ? 1 : 0,
        avg,
        1,
        gameId(n),
        endedAt(n),
        avg,
      ]);
    }
    if (rows.length >= 200_000) await flush();
    if ((n - from) % 20_000 === 0) process.stdout.write(`PROGRESS ${n - from}\n`);
  }
  await flush();
  rmSync(file, { force: true });
  await db.end();
  process.stdout.write(`DONE ${to - from}\n`);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
const admin = new pg.Client({ connectionString: base });
await admin.connect();
const db = new pg.Client({ connectionString: url });

async function filled(): Promise<boolean> {
  const r = await admin.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schema]);
  if (r.rowCount === 0) return false;
  const t = await db.query(`SELECT to_regclass('bench_meta') AS t`);
  if (!t.rows[0].t) return false;
  const m = await db.query(`SELECT games FROM bench_meta`);
  return Number(m.rows[0]?.games ?? 0) === GAMES;
}

async function fill(): Promise<{ seconds: number; cutSeconds: number; aggregateSeconds: number }> {
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const ds = await new DataSource(
    dataSourceOptions({ DATABASE_URL: url }, ENTITIES, MIGRATIONS),
  ).initialize();
  await migrate(ds, false);
  await ds.destroy();
  const t0 = Date.now();
  await db.query(`CREATE FUNCTION pid(bigint) RETURNS uuid IMMUTABLE LANGUAGE sql AS
    $$ SELECT overlay(overlay(md5('p' || $1) placing '4' from 13) placing '8' from 17)::uuid $$`);
  await db.query(
    `INSERT INTO players (id, name, token_hash, username, signed_up_at, created_at)
     SELECT pid(n), 'p' || n, encode(sha256(('bench-' || n)::bytea), 'hex'), 'p' || n, now(), now()
       FROM generate_series(1, ${PLAYERS}) n`,
  );
  await db.query(sqlGames(GAMES));
  await db.query(`CREATE UNLOGGED TABLE explorer_stage (key bigint, variant varchar(16),
    move varchar(80), speed smallint, band smallint, white int, draws int, black int,
    rating_sum bigint, rated int, game uuid, at timestamptz, rating int)`);
  // The cells, cut by JOBS processes.
  const t1 = Date.now();
  const per = Math.ceil(GAMES / JOBS);
  let done = 0;
  await Promise.all(
    Array.from({ length: JOBS }, (_, j) => {
      const from = j * per;
      const to = Math.min(GAMES, from + per);
      const child = spawn(
        process.execPath,
        [
          ...process.execArgv,
          process.argv[1],
          ...args,
          '--worker',
          '--from',
          String(from),
          '--to',
          String(to),
          '--schema',
          schema,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let last = 0;
      child.stdout!.on('data', (d: Buffer) => {
        for (const line of d.toString().split('\n')) {
          const m = /^PROGRESS (\d+)/.exec(line);
          if (m) {
            done += Number(m[1]) - last;
            last = Number(m[1]);
            if (j === 0) process.stdout.write(`\r  cut ${done.toLocaleString('en-US')} games`);
          }
        }
      });
      return new Promise<void>((resolve, reject) =>
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`worker ${j}: ${code}`)),
        ),
      );
    }),
  );
  const cutSeconds = (Date.now() - t1) / 1000;
  console.log(`\n  cells cut and staged in ${fmt(cutSeconds)} s`);
  // One aggregate into the index, its primary key built after (a sorted build, not N inserts).
  const t2 = Date.now();
  await db.query(`SET work_mem = '512MB'`);
  await db.query(`SET maintenance_work_mem = '1GB'`);
  await db.query(`ALTER TABLE explorer_site DROP CONSTRAINT explorer_site_pkey`);
  await db.query(`
    INSERT INTO explorer_site
    SELECT key, variant, move, speed, band, sum(white), sum(draws), sum(black), sum(rating_sum),
           sum(rated), (array_agg(game))[1], max(at), (array_agg(game))[1], max(rating)
      FROM explorer_stage GROUP BY key, variant, move, speed, band`);
  await db.query(`ALTER TABLE explorer_site ADD PRIMARY KEY (key, variant, move, speed, band)`);
  await db.query(`DROP TABLE explorer_stage`);
  await db.query(`VACUUM ANALYZE explorer_site`);
  await db.query(`VACUUM ANALYZE matches`);
  const aggregateSeconds = (Date.now() - t2) / 1000;
  await db.query(`CREATE TABLE bench_meta (games bigint)`);
  await db.query(`INSERT INTO bench_meta VALUES (${GAMES})`);
  return { seconds: (Date.now() - t0) / 1000, cutSeconds, aggregateSeconds };
}

async function size() {
  const r = await db.query(`SELECT pg_relation_size('explorer_site') AS heap,
      pg_indexes_size('explorer_site') AS idx, pg_total_relation_size('explorer_site') AS total,
      (SELECT reltuples FROM pg_class WHERE oid = 'explorer_site'::regclass) AS rows`);
  const x = r.rows[0];
  const mb = (b: string) => Number(b) / 1024 / 1024;
  const perM = 1_000_000 / GAMES;
  return {
    rows: Number(x.rows),
    heapMb: mb(x.heap),
    indexMb: mb(x.idx),
    totalMb: mb(x.total),
    totalMbPerMillionGames: mb(x.total) * perM,
    rowsPerGame: Number(x.rows) / GAMES,
  };
}

/** THROUGH games stored as the server stores them, then indexed by `procs` indexers at once. */
async function throughIndexer(first: number, count: number, procs: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 500) {
    const games: unknown[][] = [];
    const moves: [string, number, string, string, string][] = [];
    for (let n = first + i; n < first + Math.min(count, i + 500); n++) {
      const plies = benchGame(n, 60);
      const id = gameId(n);
      ids.push(id);
      games.push([
        id,
        variantOf(n),
        whiteRatingOf(n),
        blackRatingOf(n),
        winnerOf(n),
        CLOCKS[Math.floor(n / 10) % 4],
        plies[0].pos.fen,
        plies.length,
      ]);
      plies.forEach(({ pos, move }, k) =>
        moves.push([
          id,
          k + 1,
          JSON.stringify(move.path),
          JSON.stringify(move.captures),
          pos.play(move).fen,
        ]),
      );
    }
    const col = (rows: unknown[][], i: number) => rows.map((r) => r[i]);
    await db.query(
      `INSERT INTO matches (id, variant, white_id, black_id, status, turn, ply, fen, initial_fen,
                            counters, result_winner, result_reason, clock_initial, clock_increment,
                            rated, white_rating, black_rating, version, created_at, ended_at)
       SELECT g.id, g.variant, pid(1), pid(2), 'finished', NULL, g.ply, g.fen, g.fen, '{}'::jsonb,
              g.winner, CASE WHEN g.winner IS NULL THEN 'draw-agreed' ELSE 'resign' END, g.clock, 0,
              true, g.w, g.b, 1, now(), now()
         FROM unnest($1::uuid[], $2::varchar[], $3::int[], $4::int[], $5::varchar[], $6::int[],
                     $7::text[], $8::int[]) AS g(id, variant, w, b, winner, clock, fen, ply)`,
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => col(games, i)),
    );
    await db.query(
      `INSERT INTO moves (match_id, ply, by, path, captures, promoted, fen)
       SELECT m.id, m.ply, CASE WHEN m.ply % 2 = 1 THEN 'white' ELSE 'black' END, m.path::jsonb,
              m.captures::jsonb, false, m.fen
         FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[])
              AS m(id, ply, path, captures, fen)`,
      [0, 1, 2, 3, 4].map((i) => col(moves, i)),
    );
  }
  const config = configWith({ databaseUrl: url, explorerIndexMs: 3_600_000 });
  const sources = await Promise.all(
    Array.from({ length: procs }, () =>
      new DataSource(dataSourceOptions({ DATABASE_URL: url }, ENTITIES, MIGRATIONS)).initialize(),
    ),
  );
  const t = Date.now();
  const counts = await Promise.all(
    sources.map((s) =>
      new ExplorerIndexer(s, config, new MatchStore(s), new MatchQueries(s)).catchUp(),
    ),
  );
  const seconds = (Date.now() - t) / 1000;
  await Promise.all(sources.map((s) => s.destroy()));
  const indexed = counts.reduce((a, b) => a + b, 0);
  if (indexed !== count) throw new Error(`indexed ${indexed} of ${count}`);
  return { games: count, processes: procs, seconds, gamesPerSecond: count / seconds };
}

/** A position of game n: a ply drawn 40% in 0-6, 40% in 7-20, 20% in 21-49. */
function samplePosition(i: number): { variant: string; fen: string } {
  const n = (i * 2654435761) % GAMES;
  const plies = benchGame(n);
  const r = (i * 48271) % 10;
  const want = r < 4 ? i % 7 : r < 8 ? 7 + (i % 14) : 21 + (i % 29);
  const at = plies[Math.min(want, plies.length - 1)];
  return { variant: at.pos.variant.id, fen: at.pos.fen };
}

/** Reads one at a time, `/health` (one SELECT 1) interleaved: the machine's own noise. */
async function reads(
  server: Proc,
): Promise<{ all: number[]; filtered: number[]; health: number[]; found: number }> {
  const all: number[] = [];
  const filtered: number[] = [];
  const health: number[] = [];
  let found = 0;
  const timed = async (path: string): Promise<number> => {
    const t = performance.now();
    const r = await fetch(server.url + path);
    const body = (await r.json()) as { moves?: unknown[] };
    if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(body)}`);
    if (body.moves && body.moves.length > 0) found++;
    return performance.now() - t;
  };
  for (let i = 0; i < 50; i++) await timed(`/api/explorer/lichess?variant=brazilian`); // warm-up
  found = 0; // the warm-up's reads are not the sample's
  for (let i = 0; i < READS; i++) {
    const { variant, fen } = samplePosition(i + 1);
    const q = `variant=${variant}&fen=${encodeURIComponent(fen)}`;
    if (i % 3 === 2) {
      const f =
        i % 2 === 0
          ? `speeds=${SPEEDS[i % 4]},${SPEEDS[(i + 1) % 4]}`
          : `ratings=${RATING_BANDS[3 + (i % 5)]},${RATING_BANDS[4 + (i % 5)]}`;
      filtered.push(await timed(`/api/explorer/lichess?${q}&${f}`));
    } else all.push(await timed(`/api/explorer/lichess?${q}`));
    if (i % 2 === 0) {
      const t = performance.now();
      await (await fetch(`${server.url}/health`)).arrayBuffer();
      health.push(performance.now() - t);
    }
  }
  return { all, filtered, health, found };
}

/**
 * `/api/explorer/masters` one at a time, down the shipped masters' own tree (international and
 * english in turn): each read plays one of the moves it lists, back to the start after 12 plies
 * or where no game went on. Its tables are the shipped files' whatever the fill, so the quick run
 * measures it as well as the full one.
 */
async function mastersReads(server: Proc, n: number): Promise<number[]> {
  const times: number[] = [];
  const variants: VariantId[] = ['international', 'english'];
  const at: { fen: string | null; depth: number }[] = variants.map(() => ({ fen: null, depth: 0 }));
  for (let i = 0; i < n; i++) {
    const v = i % 2;
    const here = at[v];
    const q = `variant=${variants[v]}${here.fen ? `&fen=${encodeURIComponent(here.fen)}` : ''}`;
    const t = performance.now();
    const r = await fetch(`${server.url}/api/explorer/masters?${q}`);
    const body = (await r.json()) as { fen: string; moves: { path: number[] }[] };
    times.push(performance.now() - t);
    if (!r.ok) throw new Error(`masters: ${r.status} ${JSON.stringify(body)}`);
    if (body.moves.length === 0 || here.depth >= 12) {
      at[v] = { fen: null, depth: 0 };
      continue;
    }
    const pos = unwrap(Position.fromFen(variants[v], body.fen));
    const pick = body.moves[(i * 7) % body.moves.length];
    const move = unwrap(pos.findMove({ path: pick.path }));
    at[v] = { fen: pos.play(move).fen, depth: here.depth + 1 };
  }
  return times;
}

/** Until the server's first start has imported the shipped masters (in the background). */
async function mastersLoaded(): Promise<void> {
  const files = readdirSync('assets/masters').filter((f) => f.endsWith('.pdn')).length;
  for (const t0 = Date.now(); Date.now() - t0 < 120_000;) {
    const done = await db.query(
      `SELECT count(*)::int AS n FROM master_files WHERE name LIKE 'shipped/%'`,
    );
    if ((done.rows[0] as { n: number }).n >= files) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the shipped masters were not loaded within 2 minutes');
}

let server: Proc | null = null;
let failed = 0;
try {
  await db.connect();
  let fillTime = null;
  if (args.includes('--keep') && (await filled()))
    console.log(`reusing ${schema}: ${GAMES.toLocaleString('en-US')} games`);
  else {
    console.log(
      `filling ${schema} with ${GAMES.toLocaleString('en-US')} games (${JOBS} processes cut cells)`,
    );
    fillTime = await fill();
    console.log(`  filled in ${fmt(fillTime.seconds)} s`);
  }
  const sz = await size();
  console.log(
    `index: ${sz.rows.toLocaleString('en-US')} rows (${fmt(sz.rowsPerGame, 2)} per game), ` +
      `${fmt(sz.heapMb, 0)} MB table + ${fmt(sz.indexMb, 0)} MB index = ${fmt(sz.totalMb, 0)} MB: ` +
      `${fmt(sz.totalMbPerMillionGames, 0)} MB per million games`,
  );
  // The indexer on top of the full index: fresh games (ids past the fill's), one then two
  // processes. --reads-only keeps an earlier run's games (the player route reads them).
  let indexer: Awaited<ReturnType<typeof throughIndexer>>[] = [];
  if (!args.includes('--reads-only')) {
    // An earlier run's games through the indexer (the fill's have no moves and a dummy FEN).
    await db.query(`DELETE FROM moves`);
    await db.query(`DELETE FROM matches WHERE initial_fen <> 'W:W1:B2'`);
    indexer = [
      await throughIndexer(GAMES + 10_000_000, THROUGH, 1),
      await throughIndexer(GAMES + 20_000_000, THROUGH, 2),
    ];
  }
  // As autovacuum leaves the tables between the runs: the deleted games' entries gone.
  await db.query(`VACUUM ANALYZE matches`);
  await db.query(`VACUUM ANALYZE moves`);
  for (const x of indexer)
    console.log(
      `indexer, ${x.processes} process(es): ${x.games.toLocaleString('en-US')} games in ${fmt(x.seconds)} s = ${fmt(x.gamesPerSecond, 0)} games/s`,
    );

  server = await startProc({
    DATABASE_URL: url,
    RATE_HTTP: '1000000/1000000',
    EXPLORER_INDEX_MS: '3600000',
  });
  await mastersLoaded();
  const r = await reads(server);
  const la = latency(r.all);
  const lf = latency(r.filtered);
  const both = latency([...r.all, ...r.filtered]);
  console.log(
    `\n| read (one at a time) | n | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |`,
  );
  const lh = latency(r.health);
  for (const [name, l] of [
    ['no filter', la],
    ['speed or band filter', lf],
    ['all', both],
    ['`GET /health` (baseline)', lh],
  ] as const)
    console.log(`| ${name} | ${l.n} | ${fmt(l.p50, 2)} | ${fmt(l.p99, 2)} | ${fmt(l.max, 2)} |`);
  console.log(`positions with moves listed: ${r.found} of ${READS}`);
  // The player explorer: p1 had White in every game through the indexer (2 x THROUGH, half of
  // them brazilian); it looks at its latest 500 brazilian games as White through the stored FENs.
  const player: number[] = [];
  for (let i = 0; i < (quick ? 20 : 100); i++) {
    // A brazilian game's position after 0-7 plies (n a multiple of 10: brazilian).
    const plies = benchGame(GAMES + 10_000_000 + 10 * i, 8);
    const fen = plies[Math.min(i % 8, plies.length - 1)].pos.fen;
    const start = `&fen=${encodeURIComponent(fen)}`;
    const t = performance.now();
    const res = await fetch(
      `${server.url}/api/explorer/player?name=p1&color=white&variant=brazilian${start}`,
    );
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`player: ${res.status}`);
    player.push(performance.now() - t);
  }
  const lp = latency(player);
  console.log(
    `| player (its latest 500 games looked at) | ${lp.n} | ${fmt(lp.p50, 2)} | ${fmt(lp.p99, 2)} | ${fmt(lp.max, 2)} |`,
  );
  // The masters' tables were loaded at the server's first start (the shipped files).
  // 1,000 even in the quick run (about 2 s): its tables are the same there.
  const masters = await mastersReads(server, 1_000);
  const lm = latency(masters);
  console.log(
    `| masters (the shipped games' tree) | ${lm.n} | ${fmt(lm.p50, 2)} | ${fmt(lm.p99, 2)} | ${fmt(lm.max, 2)} |`,
  );
  const ok = both.p99 < 20;
  console.log(
    `${ok ? 'met ' : 'MISS'} explorer read p99 < 20 ms at ${GAMES.toLocaleString('en-US')} games`,
  );
  if (!ok) failed++;
  if (!quick) {
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/explorer-${new Date().toISOString().slice(0, 10)}.json`;
    writeFileSync(
      file,
      JSON.stringify(
        {
          games: GAMES,
          fill: fillTime,
          size: sz,
          indexer,
          reads: {
            all: la,
            filtered: lf,
            both,
            health: lh,
            player: lp,
            masters: lm,
            found: r.found,
          },
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`results: ${file}`);
  }
} finally {
  server?.child.kill('SIGKILL');
  await db.end();
  if (quick) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
if (check && failed > 0 && !quick) process.exit(1);
