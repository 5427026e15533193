/**
 * `npm run bench:autocomplete [-- --quick] [--check]` (PostgreSQL: DATABASE_URL, default the
 * local one): issue 34's figure, GET /api/player/autocomplete p99 < 10 ms at 100,000 accounts.
 * Seeds a fresh schema with 100,000 accounts named from 24 syllables (so a 2-letter prefix is
 * shared by thousands: the answer's 12 must be read in order, not sorted out of them), mixed case,
 * and 50,000 guests (no name: never found); then asks a real server process, one request at a
 * time, for prefixes of 2, 3, 4 and 6 characters of real names in random case (and some that
 * match nothing), with `object=1` too, with `/health` interleaved as the baseline of what the
 * machine's noise costs. Checks every answer against a plain sorted query. Prints the SQL alone
 * (from this process) and EXPLAIN ANALYZE of a 2-letter prefix. --quick: 5,000 accounts (a CI
 * smoke: correctness, not the target).
 */
import pg from 'pg';
import { latency } from '../src/testing/latency.js';
import { AUTOCOMPLETE_SQL } from '../src/social/player-search.service.js';
import { likePrefix } from '../src/social/social-rules.js';
import { startProc, type Proc } from '../test/cluster/procs.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const check = args.includes('--check');
const ACCOUNTS = quick ? 5_000 : 100_000;
const GUESTS = ACCOUNTS / 2;
const SAMPLES = quick ? 300 : 3_000;
const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SYLLABLES = 'ka ma ro li an de su to pe ni go ba ra ve lu mi sa jo fe da ze ti co xa';

const fmt = (x: number, d = 2) => x.toFixed(d);

async function seed(db: pg.Client): Promise<void> {
  const t0 = Date.now();
  await db.query(`CREATE FUNCTION pid(bigint) RETURNS uuid IMMUTABLE LANGUAGE sql AS
    $$ SELECT overlay(overlay(md5('p' || $1) placing '4' from 13) placing '8' from 17)::uuid $$`);
  // Three syllables and the number: "romaka123"; every 3rd capitalised, every 17th in capitals.
  await db.query(
    `INSERT INTO players (id, name, token_hash, username, signed_up_at, created_at)
     SELECT pid(n), nm, encode(sha256(('bench-' || n)::bytea), 'hex'), nm, now(), now()
       FROM generate_series(1, $1::int) n,
            LATERAL (SELECT string_to_array($2, ' ') AS s) s,
            LATERAL (SELECT s.s[1 + (n * 7) % 24] || s.s[1 + (n / 24) % 24] || s.s[1 + (n / 576) % 24]
                            || n AS b) b,
            LATERAL (SELECT CASE WHEN n % 17 = 0 THEN upper(b.b) WHEN n % 3 = 0 THEN initcap(b.b)
                                 ELSE b.b END AS nm) nm`,
    [ACCOUNTS, SYLLABLES],
  );
  await db.query(
    `INSERT INTO players (id, name, token_hash, created_at)
     SELECT pid(n), 'guest' || n, encode(sha256(('guest-' || n)::bytea), 'hex'), now()
       FROM generate_series($1::int + 1, $1::int + $2::int) n`,
    [ACCOUNTS, GUESTS],
  );
  await db.query('VACUUM ANALYZE players');
  console.log(
    `seeded ${ACCOUNTS.toLocaleString('en-US')} accounts and ${GUESTS.toLocaleString('en-US')} guests in ${fmt((Date.now() - t0) / 1000, 1)} s`,
  );
}

async function timed(url: string): Promise<{ ms: number; body: unknown }> {
  const t = performance.now();
  const r = await fetch(url);
  const body = (await r.json()) as unknown;
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return { ms: performance.now() - t, body };
}

/** A deterministic random in [0, 1). */
let state = 42;
const rand = () => ((state = (state * 48271) % 2147483647) - 1) / 2147483646;
const randomCase = (s: string) => [...s].map((c) => (rand() < 0.3 ? c.toUpperCase() : c)).join('');

const schema = `bench_autocomplete_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const u = new URL(base);
u.searchParams.set('options', `-c search_path=${schema}`);
const db = new pg.Client({ connectionString: u.toString() });
await db.connect();
let server: Proc | null = null;
let failed = 0;
let wrong = 0;
try {
  server = await startProc({
    DATABASE_URL: u.toString(),
    PUZZLE_DIR: '',
    RATE_HTTP: '1000000/1000000',
  });
  await seed(db);
  const names = (
    await db.query(
      `SELECT username FROM players WHERE username IS NOT NULL ORDER BY random() LIMIT 2000`,
    )
  ).rows.map((r: { username: string }) => r.username);
  const LENGTHS = [2, 3, 4, 6];
  const terms = Array.from({ length: SAMPLES }, (_, i) =>
    i % 10 === 9
      ? `qz${i}` // nothing starts so
      : randomCase(names[i % names.length]!.slice(0, LENGTHS[i % LENGTHS.length])),
  );
  const url = (term: string, object = false) =>
    `${server!.url}/api/player/autocomplete?term=${encodeURIComponent(term)}${object ? '&object=1' : ''}`;
  for (let i = 0; i < 100; i++) await timed(url(terms[i]!));

  const plain: number[] = [];
  const objects: number[] = [];
  const health: number[] = [];
  const sql: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const term = terms[i]!;
    const r = await timed(url(term));
    plain.push(r.ms);
    if (i % 3 === 0) objects.push((await timed(url(term, true))).ms);
    if (i % 3 === 1) health.push((await timed(`${server.url}/health`)).ms);
    // The same statement from here: the database's part of the answer.
    const t = performance.now();
    await db.query(AUTOCOMPLETE_SQL, [likePrefix(term.toLowerCase())]);
    sql.push(performance.now() - t);
    if (i % 10 === 0) {
      const expected = (
        await db.query(
          `SELECT username FROM players WHERE lower(username) LIKE $1
            ORDER BY lower(username) COLLATE "C" LIMIT 12`,
          [likePrefix(term.toLowerCase())],
        )
      ).rows.map((x: { username: string }) => x.username);
      if (JSON.stringify(expected) !== JSON.stringify(r.body)) {
        wrong++;
        if (wrong < 4)
          console.log(
            `wrong answer for ${term}: ${JSON.stringify(r.body)} vs ${JSON.stringify(expected)}`,
          );
      }
    }
  }
  const rows = [
    ['autocomplete (names)', latency(plain)],
    ['autocomplete, object=1 (online too)', latency(objects)],
    ['the SQL alone (from the bench)', latency(sql)],
    ['GET /health (baseline)', latency(health)],
  ] as const;
  console.log(
    `\n| request (one at a time) | n | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |`,
  );
  for (const [name, l] of rows)
    console.log(`| ${name} | ${l.n} | ${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.max)} |`);
  const targets: [string, boolean][] = [
    ['GET /api/player/autocomplete p99 < 10 ms', latency(plain).p99 < 10],
  ];
  console.log(`${wrong === 0 ? 'met ' : 'MISS'} answers equal a plain sorted query`);
  for (const [name, ok] of targets) {
    console.log(`${ok ? 'met ' : 'MISS'} ${name}`);
    if (!ok) failed++;
  }
  const [{ n }] = (
    await db.query(`SELECT count(*)::int AS n FROM players WHERE lower(username) LIKE 'ka%'`)
  ).rows as { n: number }[];
  const plan = await db.query(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${AUTOCOMPLETE_SQL}`,
    ['ka%'],
  );
  console.log(`\nEXPLAIN ANALYZE, term "ka" (${n} accounts start so):`);
  console.log(plan.rows.map((x: { 'QUERY PLAN': string }) => x['QUERY PLAN']).join('\n'));
} finally {
  if (server) server.child.kill('SIGTERM');
  await db.end();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
// Wrong answers fail any run; the latency target a full run with --check (not the smoke).
if (wrong > 0 || (check && failed > 0 && !quick)) process.exit(1);
