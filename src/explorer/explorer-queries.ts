/**
 * The explorer's SQL, in one place: the queue's claim, the cells' upserts (site and masters), and
 * the reads. Arrays go in as one parameter each (unnest), so a batch is one round trip.
 */
import { EXPLORER_PLIES } from '../common/protocol.js';
import type { Cell } from './explorer-rules.js';

/**
 * A batch of finished games not yet explored, taken by this transaction alone (SKIP LOCKED: a
 * second process takes the next ones) and marked explored in the same statement: the cells are
 * written before the transaction commits, so a game is counted once or, after a crash, not yet.
 */
export const CLAIM_SQL = `
  WITH batch AS (
    SELECT id FROM matches
     WHERE status = 'finished' AND NOT explored
     ORDER BY ended_at, id
     LIMIT $1
     FOR UPDATE SKIP LOCKED)
  UPDATE matches m SET explored = true FROM batch WHERE m.id = batch.id
  RETURNING m.id, m.variant, m.initial_fen, m.result_winner, m.result_reason, m.white_rating,
            m.black_rating, m.clock_initial, m.clock_increment, m.days, m.computer_color, m.ply,
            m.ended_at`;

export interface ClaimedRow {
  id: string;
  variant: string;
  initial_fen: string;
  result_winner: 'white' | 'black' | null;
  result_reason: string | null;
  white_rating: number | null;
  black_rating: number | null;
  clock_initial: number | null;
  clock_increment: number | null;
  days: number | null;
  computer_color: string | null;
  ply: number;
  ended_at: Date;
}

export const MOVES_SQL = `
  SELECT match_id, path, jsonb_array_length(captures) > 0 AS capture, fen
    FROM moves
   WHERE match_id = ANY($1::uuid[]) AND ply <= ${EXPLORER_PLIES}
   ORDER BY match_id, ply`;

export interface MoveRow {
  match_id: string;
  path: number[];
  capture: boolean;
  fen: string;
}

/** Keeps the later / higher game of a row, as mergeCells does within a batch. */
const KEEP_GAMES = `
    last_game = CASE WHEN (excluded.last_at, excluded.last_game) > (e.last_at, e.last_game)
                     THEN excluded.last_game ELSE e.last_game END,
    last_at = GREATEST(e.last_at, excluded.last_at),
    top_game = CASE WHEN (excluded.top_rating, excluded.top_game) > (e.top_rating, e.top_game)
                    THEN excluded.top_game ELSE e.top_game END,
    top_rating = GREATEST(e.top_rating, excluded.top_rating)`;

const SUMS = `
    white = e.white + excluded.white,
    draws = e.draws + excluded.draws,
    black = e.black + excluded.black,
    rating_sum = e.rating_sum + excluded.rating_sum,
    rated = e.rated + excluded.rated,`;

export const UPSERT_SITE_SQL = `
  INSERT INTO explorer_site AS e (key, variant, move, speed, band, white, draws, black,
                                  rating_sum, rated, last_game, last_at, top_game, top_rating)
  SELECT * FROM unnest($1::bigint[], $2::varchar[], $3::varchar[], $4::smallint[],
                       $5::smallint[], $6::int[], $7::int[], $8::int[], $9::bigint[], $10::int[],
                       $11::uuid[], $12::timestamptz[], $13::uuid[], $14::int[])
  ON CONFLICT (key, variant, move, speed, band) DO UPDATE SET ${SUMS} ${KEEP_GAMES}`;

export const UPSERT_MASTERS_SQL = `
  INSERT INTO explorer_masters AS e (key, variant, move, white, draws, black, rating_sum, rated,
                                     last_game, last_at, top_game, top_rating)
  SELECT * FROM unnest($1::bigint[], $2::varchar[], $3::varchar[], $4::int[], $5::int[],
                       $6::int[], $7::bigint[], $8::int[], $9::uuid[], $10::varchar[],
                       $11::uuid[], $12::int[])
  ON CONFLICT (key, variant, move) DO UPDATE SET ${SUMS} ${KEEP_GAMES}`;

const col = <K extends keyof Cell>(cells: readonly Cell[], k: K): Cell[K][] =>
  cells.map((c) => c[k]);

export const siteParams = (cells: readonly Cell[]): unknown[] => [
  col(cells, 'key'),
  col(cells, 'variant'),
  col(cells, 'move'),
  col(cells, 'speed'),
  col(cells, 'band'),
  col(cells, 'white'),
  col(cells, 'draws'),
  col(cells, 'black'),
  col(cells, 'ratingSum'),
  col(cells, 'rated'),
  col(cells, 'lastGame'),
  col(cells, 'lastAt'),
  col(cells, 'topGame'),
  col(cells, 'topRating'),
];

export const mastersParams = (cells: readonly Cell[]): unknown[] => [
  col(cells, 'key'),
  col(cells, 'variant'),
  col(cells, 'move'),
  col(cells, 'white'),
  col(cells, 'draws'),
  col(cells, 'black'),
  col(cells, 'ratingSum'),
  col(cells, 'rated'),
  col(cells, 'lastGame'),
  col(cells, 'lastAt'),
  col(cells, 'topGame'),
  col(cells, 'topRating'),
];

/** A position's rows (every move, speed and band it has), filtered: one index range. */
export const SITE_READ_SQL = `
  SELECT move, white, draws, black, rating_sum, rated, last_game, last_at, top_game, top_rating
    FROM explorer_site
   WHERE key = $1 AND variant = $2 AND speed = ANY($3::smallint[]) AND band = ANY($4::smallint[])`;

export const MASTERS_READ_SQL = `
  SELECT move, white, draws, black, rating_sum, rated, last_game, last_at, top_game, top_rating
    FROM explorer_masters
   WHERE key = $1 AND variant = $2`;

export interface ReadRow {
  move: string;
  white: number;
  draws: number;
  black: number;
  rating_sum: string | number;
  rated: number;
  last_game: string;
  last_at: Date | string;
  top_game: string;
  top_rating: number;
}

/** The site games a list names, with the players as their pages name them. */
export const SITE_GAMES_SQL = `
  SELECT m.id, coalesce(w.username, w.name) AS white_name, coalesce(b.username, b.name) AS black_name,
         m.white_rating, m.black_rating, m.result_winner, m.clock_initial, m.clock_increment,
         m.days, m.ended_at
    FROM matches m JOIN players w ON w.id = m.white_id JOIN players b ON b.id = m.black_id
   WHERE m.id = ANY($1::uuid[])`;

export const MASTER_GAMES_SQL = `
  SELECT id, white, black, white_rating, black_rating, winner, event, played_on
    FROM master_games WHERE id = ANY($1::uuid[])`;

/**
 * One player's games through a position (as `color`), newest first, at most $5 games looked at:
 * matched by the stored FEN (positions serialise to one FEN), so no index is needed beyond the
 * player's history. The move each game played next comes with it.
 */
export const PLAYER_SQL = (color: 'white' | 'black') => `
  WITH g AS (
    SELECT id, initial_fen FROM matches
     WHERE ${color}_id = $1 AND status = 'finished' AND variant = $2
       AND computer_color IS NULL AND result_reason IS DISTINCT FROM 'aborted'
     ORDER BY ended_at DESC, id DESC
     LIMIT $4),
  at AS (
    SELECT g.id, 0 AS ply FROM g WHERE g.initial_fen = $3
    UNION ALL
    SELECT mv.match_id, mv.ply FROM moves mv JOIN g ON g.id = mv.match_id
     WHERE mv.ply < ${EXPLORER_PLIES} AND mv.fen = $3),
  first AS (SELECT DISTINCT ON (id) id, ply FROM at ORDER BY id, ply)
  SELECT m.id, nx.path, jsonb_array_length(nx.captures) > 0 AS capture, m.result_winner,
         m.white_rating, m.black_rating, m.clock_initial, m.clock_increment, m.days, m.ended_at,
         coalesce(w.username, w.name) AS white_name, coalesce(b.username, b.name) AS black_name
    FROM first JOIN moves nx ON nx.match_id = first.id AND nx.ply = first.ply + 1
    JOIN matches m ON m.id = first.id
    JOIN players w ON w.id = m.white_id JOIN players b ON b.id = m.black_id`;
