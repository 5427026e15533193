/**
 * The site's finished games of a variant, read straight from the database (DATABASE_URL, else
 * the embedded PGlite under DATA_DIR, default ./data): each game's positions after every move
 * (moves.fen) and its result. Aborted games and games of fewer than 10 plies teach nothing.
 * Returns [] when there is no database or no such game.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Position, type VariantId } from '../../src/rules/index.js';
import type { TrainingGame } from './selfplay.js';

interface Row {
  id: string;
  result_winner: string | null;
}
interface MoveRow {
  match_id: string;
  fen: string;
}

type Query = (sql: string, params: unknown[]) => Promise<unknown[]>;

const GAMES = `SELECT id, result_winner FROM matches WHERE status = 'finished' AND variant = $1
  AND result_reason IS NOT NULL AND result_reason <> 'aborted' AND ply >= 10 ORDER BY id`;
const MOVES = `SELECT match_id, fen FROM moves WHERE match_id = ANY($1::uuid[]) ORDER BY match_id, ply`;

export async function siteGames(
  variant: VariantId,
  log: (line: string) => void,
): Promise<TrainingGame[]> {
  let query: Query;
  let close: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    query = async (sql, params) => (await client.query(sql, params)).rows as unknown[];
    close = () => client.end();
  } else {
    const dir = join(resolve(process.env.DATA_DIR || './data'), 'pglite');
    if (!existsSync(dir)) {
      log(`--db: no DATABASE_URL and no PGlite database at ${dir}: no site games`);
      return [];
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(dir);
    query = async (sql, params) => (await db.query(sql, params)).rows;
    close = () => db.close();
  }
  try {
    const games = (await query(GAMES, [variant])) as Row[];
    const out: TrainingGame[] = [];
    for (let i = 0; i < games.length; i += 500) {
      const chunk = games.slice(i, i + 500);
      const moves = (await query(MOVES, [chunk.map((g) => g.id)])) as MoveRow[];
      const byGame = new Map<string, string[]>();
      for (const m of moves) {
        const list = byGame.get(m.match_id) ?? [];
        list.push(m.fen);
        byGame.set(m.match_id, list);
      }
      for (const g of chunk) {
        const boards: Int8Array[] = [];
        for (const fen of byGame.get(g.id) ?? []) {
          const p = Position.fromFen(variant, fen);
          if (p.ok && !p.value.hasCapture && p.value.moveCount() > 0) boards.push(p.value.board);
        }
        const result = g.result_winner === 'white' ? 1 : g.result_winner === 'black' ? 0 : 0.5;
        out.push({ result, boards, plies: boards.length });
      }
    }
    log(`--db: ${out.length} finished ${variant} games`);
    return out;
  } catch (e) {
    // A database without the tables (never migrated) has no games to give.
    log(`--db: no site games (${(e as Error).message})`);
    return [];
  } finally {
    await close();
  }
}
