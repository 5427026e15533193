/**
 * Opening names for the explorer: the named opening whose line ends exactly in a position.
 * Pure (rules library only). Each variant's table is replayed from the start once, at its first
 * use, and kept as a map from the canonical FEN (side to move included) of each line's last
 * position to its entry. Two lines reaching one position (a transposition): the first in the
 * table keeps the name. A line that does not replay is a bug in the data, caught by
 * test/unit/opening-names.test.ts; here such a line is skipped, never thrown at a user.
 */
import { isVariantId, parseMoveText, Position, type VariantId } from '../rules/index.js';
import { ENGLISH_OPENINGS, type OpeningEntry } from './openings/english.js';
import { INTERNATIONAL_OPENINGS } from './openings/international.js';

export type { OpeningEntry } from './openings/english.js';

export interface OpeningName {
  name: string;
  code: string | null;
}

const TABLES: Partial<Record<VariantId, readonly OpeningEntry[]>> = {
  english: ENGLISH_OPENINGS,
  international: INTERNATIONAL_OPENINGS,
};

/** The named lines of a variant (empty when it has none), in table order. */
export function openingLines(variant: VariantId): readonly OpeningEntry[] {
  return (isVariantId(variant) && TABLES[variant]) || [];
}

/** The position a line ends in, or null with the first move text that is not legal. */
export function replayLine(
  variant: VariantId,
  line: string,
): { ok: true; position: Position } | { ok: false; ply: number; move: string } {
  let pos = Position.initial(variant);
  const moves = line.trim().split(/\s+/);
  for (let i = 0; i < moves.length; i++) {
    const move = parseMoveText(pos, moves[i]);
    if (!move.ok) return { ok: false, ply: i, move: moves[i] };
    pos = pos.play(move.value);
  }
  return { ok: true, position: pos };
}

const byFen = new Map<VariantId, Map<string, OpeningName>>();

function tableOf(variant: VariantId): Map<string, OpeningName> {
  let table = byFen.get(variant);
  if (table) return table;
  table = new Map();
  for (const entry of openingLines(variant)) {
    const end = replayLine(variant, entry.line);
    if (!end.ok || table.has(end.position.fen)) continue;
    table.set(end.position.fen, { name: entry.name, code: entry.code });
  }
  byFen.set(variant, table);
  return table;
}

/** The named opening whose line ends in this position (any FEN the variant reads), or null. */
export function openingByFen(variant: VariantId, fen: string): OpeningName | null {
  if (!isVariantId(variant) || !TABLES[variant] || typeof fen !== 'string') return null;
  const pos = Position.fromFen(variant, fen);
  if (!pos.ok) return null;
  const hit = tableOf(variant).get(pos.value.fen);
  return hit ? { ...hit } : null;
}
