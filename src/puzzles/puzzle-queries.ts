/**
 * The puzzles' SQL: rows as the wire shows them, and selection near a rating. Selection walks the
 * partial index (variant, rating, id) from a point: the first rating at or past the target, and
 * a random id among the puzzles of that rating (a fresh set has them all at 1500), skipping what
 * the account has played (its rated rounds' unique index); one probe, not a scan of the set.
 */
import type { Puzzle, PuzzleTheme } from '../common/protocol.js';
import type { VariantId } from '../rules/index.js';

export const PUZZLE_COLUMNS = `p.id, p.variant, p.fen, p.moves, p.accepted, p.themes, p.rating, p.plays`;

export interface PuzzleDbRow {
  id: string;
  variant: VariantId;
  fen: string;
  moves: string[];
  accepted: [number, string][];
  themes: string[];
  rating: number;
  plays: number;
}

export const toPuzzle = (r: PuzzleDbRow): Puzzle => ({
  id: r.id,
  variant: r.variant,
  fen: r.fen,
  moves: r.moves,
  accepted: r.accepted,
  themes: r.themes as PuzzleTheme[],
  rating: Math.round(r.rating),
  plays: r.plays,
});

export type Direction = 'up' | 'down';

/**
 * One puzzle of `variant` nearest `target` walking `dir`, starting at id `from` among the ties
 * of the first rating met; with `theme`, having it; with `player`, one it has not played.
 */
export function pickQuery(
  dir: Direction,
  q: { variant: string; target: number; from: string; theme?: string; player?: string },
): { name: string; text: string; values: unknown[] } {
  const [cmp, order] = dir === 'up' ? ['>=', 'ASC'] : ['<=', 'DESC'];
  const values: unknown[] = [q.variant, q.target, q.from];
  let more = '';
  if (q.theme !== undefined) {
    values.push(q.theme);
    more += ` AND p.themes @> ARRAY[$${values.length}::text]`;
  }
  if (q.player !== undefined) {
    values.push(q.player);
    // A probe of the rated rounds' unique index per puzzle walked (a subplan, not an anti join
    // the planner might build from all the player's rounds first).
    more += ` AND (SELECT true FROM puzzle_rounds r
          WHERE r.player_id = $${values.length} AND r.puzzle_id = p.id AND r.rated) IS NULL`;
  }
  // The first rating met as a scalar subquery: a parameter of the index scan's row bound.
  const text = `SELECT ${PUZZLE_COLUMNS} FROM puzzles p
     WHERE p.variant = $1 AND NOT p.retired
       AND (p.rating, p.id) ${cmp} ((SELECT q.rating FROM puzzles q
             WHERE q.variant = $1 AND NOT q.retired AND q.rating ${cmp} $2
             ORDER BY q.rating ${order} LIMIT 1), $3::varchar)${more}
     ORDER BY p.rating ${order}, p.id ${order} LIMIT 1`;
  const name = `puzzle-pick-${dir}${q.theme === undefined ? '' : '-theme'}${q.player === undefined ? '' : '-player'}`;
  return { name, text, values };
}

/**
 * One puzzle per target rating ($2, with a random id each in $3) of variant $1: a streak's or a
 * storm's ladder, in the targets' order (a target past the ratings there are meets none).
 */
export const LADDER_SQL = `SELECT t.i, ${PUZZLE_COLUMNS}
   FROM unnest($2::float8[], $3::text[]) WITH ORDINALITY AS t(r, rid, i)
   CROSS JOIN LATERAL (
     SELECT q.rating FROM puzzles q WHERE q.variant = $1 AND NOT q.retired AND q.rating >= t.r
      ORDER BY q.rating LIMIT 1) f
   CROSS JOIN LATERAL (
     SELECT * FROM puzzles p WHERE p.variant = $1 AND NOT p.retired
        AND (p.rating, p.id) >= (f.rating, t.rid)
      ORDER BY p.rating, p.id LIMIT 1) p
  ORDER BY t.i`;

const ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random point among puzzle ids (6 characters of [0-9A-Za-z], compared as the database does). */
export function randomId(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += ID_CHARS[Math.floor(random() * ID_CHARS.length)];
  return s;
}
