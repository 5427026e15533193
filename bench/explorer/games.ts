/**
 * The explorer bench's games: game n is the same in every process (seeded by n). Moves are drawn
 * with a skew toward a "popular" move of each position (a rank from a hash of the position and
 * the move, drawn from an exponential), so games share their openings and part ways later, as
 * real ones do; 1 draw in 10 is uniform. Players, ratings, speed and result follow n as the SQL
 * seed writes them (sqlGames below), so the game lists' rows exist.
 */
import type { Speed } from '../../src/common/protocol.js';
import { boardKey } from '../../src/explorer/explorer-rules.js';
import { mulberry32 } from '../../src/engine/random.js';
import { Position, type Move, type VariantId } from '../../src/rules/index.js';

export const PLAYERS = 100_000;
const VARIANTS: VariantId[] = [
  'brazilian',
  'brazilian',
  'brazilian',
  'brazilian',
  'brazilian',
  'international',
  'international',
  'international',
  'russian',
  'russian',
];
const CLOCKS = [60_000, 180_000, 600_000, 1_800_000];
const SPEED_OF: Speed[] = ['bullet', 'blitz', 'rapid', 'classical'];

export const variantOf = (n: number): VariantId => VARIANTS[n % 10];
export const whiteRatingOf = (n: number): number => 900 + ((n * 7919) % 1800);
export const blackRatingOf = (n: number): number => 900 + ((n * 104729) % 1800);
export const speedOf = (n: number): Speed => SPEED_OF[Math.floor(n / 10) % 4];
export const winnerOf = (n: number): 'white' | 'black' | null => {
  const r = (n * 31) % 10;
  return r < 4 ? 'white' : r < 7 ? 'black' : null;
};
/** Game n's id: a version-4 UUID made of n. */
export const gameId = (n: number): string => {
  const h = n.toString(16).padStart(12, '0');
  return `${h.slice(0, 8)}-0000-4000-8000-${h}`;
};

/** The SQL that writes the same games' rows (ended over the past year, newest n = 1). */
export const sqlGames = (total: number) => `
  INSERT INTO matches (id, variant, white_id, black_id, status, turn, ply, fen, initial_fen,
                       counters, result_winner, result_reason, clock_initial, clock_increment,
                       rated, white_rating, black_rating, version, created_at, ended_at, explored)
  SELECT (substr(h, 1, 8) || '-0000-4000-8000-' || h)::uuid,
         (ARRAY['brazilian','brazilian','brazilian','brazilian','brazilian','international',
                'international','international','russian','russian'])[1 + n % 10],
         pid(1 + (n * 7) % ${PLAYERS}), pid(1 + (n * 13 + 1) % ${PLAYERS}), 'finished', NULL, 50,
         'W:W1:B2', 'W:W1:B2', '{}'::jsonb,
         CASE WHEN (n * 31) % 10 < 4 THEN 'white' WHEN (n * 31) % 10 < 7 THEN 'black' END,
         CASE WHEN (n * 31) % 10 < 7 THEN 'resign' ELSE 'draw-agreed' END,
         (ARRAY[60000, 180000, 600000, 1800000])[1 + (n / 10) % 4], 0,
         true, 900 + (n * 7919) % 1800, 900 + (n * 104729) % 1800, 1,
         now() - (n * (365 * 86400.0 / ${total})) * interval '1 second' - interval '10 minutes',
         now() - (n * (365 * 86400.0 / ${total})) * interval '1 second', true
    FROM (SELECT n, lpad(to_hex(n), 12, '0') AS h FROM generate_series(0::bigint, ${total - 1}) n) g`;

export { CLOCKS };

export interface BenchPly {
  /** The position before the move. */
  pos: Position;
  move: Move;
}

/** Game n's first `plies` plies (fewer if it ends). */
export function benchGame(n: number, plies = 50): BenchPly[] {
  const rng = mulberry32(n * 2654435761);
  let pos = Position.initial(variantOf(n));
  const out: BenchPly[] = [];
  for (let i = 0; i < plies; i++) {
    const moves = pos.legalMoves();
    if (moves.length === 0) break;
    let move: Move;
    const u = (rng() >>> 0) / 4294967296;
    if (moves.length === 1) move = moves[0];
    else if (u < 0.1) move = moves[(rng() >>> 0) % moves.length];
    else {
      const k = Number(BigInt.asUintN(31, BigInt(boardKey(pos.board, pos.turn))));
      const ranked = moves
        .map((m) => ({ m, h: Math.imul(k ^ (m.from * 131 + m.to * 7919), 2654435761) >>> 0 }))
        .sort((a, b) => a.h - b.h);
      const r = Math.floor(-Math.log(1 - (rng() >>> 0) / 4294967296) * 1.3);
      move = ranked[Math.min(r, ranked.length - 1)].m;
    }
    out.push({ pos, move });
    pos = pos.play(move);
  }
  return out;
}
