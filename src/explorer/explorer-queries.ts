/**
 * The explorer's SQL, in one place: the queue's claim, the cells' upserts (site and masters), and
 * the reads. Arrays go in as one parameter each (unnest), so a batch is one round trip.
 */
import type { Cell } from './explorer-rules.js';

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

/** The upserts' parameters, one array a column, in their unnest's order. */
const SITE_COLUMNS: readonly (keyof Cell)[] = [
  'key',
  'variant',
  'move',
  'speed',
  'band',
  'white',
  'draws',
  'black',
  'ratingSum',
  'rated',
  'lastGame',
  'lastAt',
  'topGame',
  'topRating',
];
/** The masters' rows have no speed or band. */
const MASTERS_COLUMNS = SITE_COLUMNS.filter((k) => k !== 'speed' && k !== 'band');

export const siteParams = (cells: readonly Cell[]): unknown[] =>
  SITE_COLUMNS.map((k) => col(cells, k));
export const mastersParams = (cells: readonly Cell[]): unknown[] =>
  MASTERS_COLUMNS.map((k) => col(cells, k));

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

export const MASTER_GAMES_SQL = `
  SELECT id, white, black, white_rating, black_rating, winner, event, played_on
    FROM master_games WHERE id = ANY($1::uuid[])`;

/** One imported game, stored once (its digest). */
export const INSERT_MASTER_GAME_SQL = `
  INSERT INTO master_games (id, variant, digest, white, black, white_rating, black_rating, winner,
                            event, played_on, source, pdn)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
  ON CONFLICT (variant, digest) DO NOTHING
  RETURNING id`;

export const MASTER_PDN_SQL = `SELECT pdn FROM master_games WHERE id = $1`;

/** A shipped file's last finished import: its content's digest. */
export const MASTER_FILE_SQL = `SELECT sha256 FROM master_files WHERE name = $1`;

/** Written after a shipped file's last game is in. */
export const MASTER_FILE_DONE_SQL = `
  INSERT INTO master_files (name, sha256, games) VALUES ($1, $2, $3)
  ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, games = excluded.games,
                                   imported_at = now()`;
