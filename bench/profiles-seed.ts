/**
 * The seed of the profile benchmarks (bench/profiles-bench.ts, bench/replica-bench.ts): `players`
 * accounts (p1..pN, tokens bench-1..bench-N) and `games` finished games (80% rated english
 * blitz; about 2 * games / players per player) with a rating per account, written by SQL into the
 * current schema of `db` (the server's migrations must have made the tables), then VACUUM
 * ANALYZE as autovacuum would leave a live table.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** As the seed's pid(n): md5('p' || n) as a version-4 UUID. */
export const pid = (n: number) => {
  const h = createHash('md5').update(`p${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};
/** Player n's bearer token. */
export const token = (n: number) => `bench-${n}`;

/**
 * Seeds `players` accounts and `games` games; prints and returns the seconds it took.
 * `explored`: the games as the opening explorer's indexer leaves them once it has caught up
 * (default: not yet indexed, so every server process works through them in the background, as
 * after an import).
 */
export async function seed(
  db: pg.Client,
  players: number,
  games: number,
  { explored = false }: { explored?: boolean } = {},
): Promise<number> {
  const t0 = Date.now();
  // md5-derived ids, made valid version-4 UUIDs (the API checks them).
  await db.query(`CREATE FUNCTION pid(bigint) RETURNS uuid IMMUTABLE LANGUAGE sql AS
    $$ SELECT overlay(overlay(md5('p' || $1) placing '4' from 13) placing '8' from 17)::uuid $$`);
  await db.query(
    `INSERT INTO players (id, name, token_hash, username, signed_up_at, created_at)
     SELECT pid(n), 'p' || n, encode(sha256(('bench-' || n)::bytea), 'hex'),
            'p' || n, now() - interval '400 days', now() - interval '400 days'
       FROM generate_series(1, $1) n`,
    [players],
  );
  // Each game: two different players, ended over the last year, most rated english blitz.
  await db.query(
    `INSERT INTO matches (id, variant, white_id, black_id, status, turn, ply, fen, initial_fen,
                          counters, result_winner, result_reason, clock_initial, clock_increment,
                          white_ms, black_ms, rated, white_rating, white_provisional,
                          white_rating_diff, black_rating, black_provisional, black_rating_diff,
                          version, created_at, ended_at, explored)
     SELECT md5('m' || n)::uuid, 'english', pid(w), pid(1 + (w + b) % $2), 'finished', NULL, 40,
            'W:W21,22,23:B9,10,11', 'W:W21,22,23:B9,10,11', '{}'::jsonb,
            (ARRAY['white', 'black', NULL])[1 + n % 3], CASE WHEN n % 3 = 2 THEN 'draw-agreed' ELSE 'resign' END,
            180000, 2000, 60000, 60000, rated,
            CASE WHEN rated THEN 1400 + n % 300 END, CASE WHEN rated THEN false END,
            CASE WHEN rated THEN (n % 21) - 10 END,
            CASE WHEN rated THEN 1400 + (n * 7) % 300 END, CASE WHEN rated THEN false END,
            CASE WHEN rated THEN 10 - (n % 21) END,
            1, now() - (n * (365 * 86400.0 / $1)) * interval '1 second' - interval '10 minutes',
            now() - (n * (365 * 86400.0 / $1)) * interval '1 second', $4
       FROM (SELECT n, 1 + (n * 7919) % $2 AS w, 1 + (n * 104729) % ($2 - 1) AS b,
                    n % 5 <> 0 AS rated
               FROM generate_series(1::bigint, $3) n) g`,
    [games, players, games, explored],
  );
  await db.query(
    `INSERT INTO ratings (player_id, variant, speed, rating, rd, vol, games, wins, draws, losses,
                          last_game_at)
     SELECT pid(n), 'english', 'blitz', 1000 + (n::bigint * 7919) % 1400,
            45 + (n * 31) % 200, 0.06, 40, 15, 10, 15, now() - ((n % 60) * interval '1 day')
       FROM generate_series(1, $1) n`,
    [players],
  );
  // As autovacuum leaves a live table: finished games' pages all-visible, statistics fresh.
  await db.query('VACUUM ANALYZE');
  const seconds = (Date.now() - t0) / 1000;
  console.log(
    `seeded ${players.toLocaleString('en-US')} accounts, ${games.toLocaleString('en-US')} games in ${seconds.toFixed(1)} s`,
  );
  return seconds;
}
