/**
 * The ceiling for durable moves: pgbench runs what one move does in SQL, each move its own
 * transaction (lock the match row, move a piece, insert the move, update the match), against
 * the server's own tables (same columns and indexes), one match per pgbench client.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';

/** pgbench variables cannot hold a uuid: match n gets a fixed one built from n. */
const ID = `('00000000-0000-0000-0000-' || lpad(:m::text, 12, '0'))::uuid`;
/** pgbench reads ":name" as a variable even inside literals; FENs are written with ';'. */
const FEN = (s: string) => `replace('${s.replaceAll(':', ';')}', ';', chr(58))`;
const BEFORE = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
const AFTER = 'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

const SCRIPT = `\\set m :client_id + 1
\\set sq random(100, 30000)
BEGIN;
SELECT ply FROM matches WHERE id = ${ID} FOR UPDATE \\gset
UPDATE pieces SET square = :sq WHERE match_id = ${ID} AND id = 1;
INSERT INTO moves (match_id, ply, by, path, captures, promoted, fen, white_ms, black_ms) VALUES (${ID}, :ply + 1, 'white', '[22,18]', '[]', false, ${FEN(AFTER)}, NULL, NULL);
UPDATE matches SET ply = :ply + 1, fen = ${FEN(AFTER)}, turn = 'black', counters = '{"sinceCapture":1}', version = version + 1 WHERE id = ${ID};
END;
`;

/** Creates `n` matches (ids from 1..n) with 24 pieces each in the current schema. */
export async function seedCeiling(db: pg.Client, n: number): Promise<void> {
  const pid = '00000000-0000-0000-0000-00000000ffff';
  await db.query(
    `INSERT INTO players (id, name, token_hash) VALUES ($1, 'pgbench', repeat('0', 64))`,
    [pid],
  );
  await db.query(
    `INSERT INTO matches (id, variant, white_id, black_id, status, turn, ply, fen, initial_fen,
       counters, version)
     SELECT ('00000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid, 'brazilian', $1, $1,
       'active', 'white', 0, $2, $2, '{}', 1
     FROM generate_series(1, $3::int) g`,
    [pid, BEFORE, n],
  );
  await db.query(
    `INSERT INTO pieces (match_id, id, color, king, square)
     SELECT m.id, k, CASE WHEN k <= 12 THEN 'black' ELSE 'white' END, false, k
     FROM matches m, generate_series(1, 24) k WHERE m.white_id = $1`,
    [pid],
  );
}

export interface Ceiling {
  clients: number;
  tps: number;
  latencyMs: number;
}

/** Runs the move script with `clients` connections for `seconds`; `options` sets search_path. */
export function pgbench(url: string, clients: number, seconds: number): Ceiling {
  const dir = mkdtempSync(join(tmpdir(), 'damas-pgbench-'));
  const file = join(dir, 'move.sql');
  writeFileSync(file, SCRIPT);
  const u = new URL(url);
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-f',
    file,
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    decodeURIComponent(u.username || 'postgres'),
    u.pathname.slice(1) || 'postgres',
  ];
  const options = u.searchParams.get('options');
  const r = spawnSync('pgbench', args, {
    encoding: 'utf8',
    env: { ...process.env, ...(options ? { PGOPTIONS: options } : {}) },
  });
  const tps = /tps = ([\d.]+)/.exec(r.stdout);
  const lat = /latency average = ([\d.]+) ms/.exec(r.stdout);
  if (r.status !== 0 || !tps || /aborted|error/i.test(r.stderr)) {
    throw new Error(`pgbench failed (${r.status}): ${r.stderr.slice(0, 2000)}`);
  }
  return { clients, tps: Math.round(Number(tps[1])), latencyMs: Number(lat?.[1] ?? NaN) };
}
