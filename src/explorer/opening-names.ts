/**
 * Opening names for the explorer: the named opening whose line ends exactly in a position, and
 * its code where it has one (English: the ACF number of a 3-move ballot, "ACF 126").
 * Pure (rules library only). Each variant's table is replayed from the start once, at its first
 * use, and kept as a map from the canonical FEN (side to move included) of each line's last
 * position to its entry. Two lines reaching one position (a transposition): the first in the
 * table keeps the name, and a code the first lacks is taken from the later one. An English
 * ballot without a name of its own (acf-ballots.ts) is shown under the name of the deepest named
 * position along its line (its first move's or its first two moves': "ACF 10" is an Edinburgh),
 * or its moves where none is named. A line that does not replay is a bug in the data, caught by
 * test/unit/opening-names.test.ts; here such a line is skipped, never thrown at a user.
 */
import { isVariantId, parseMoveText, Position, type VariantId } from '../rules/index.js';
import { ACF_BALLOTS } from './openings/acf-ballots.js';
import { ENGLISH_OPENINGS, type OpeningEntry } from './openings/english.js';
import { INTERNATIONAL_OPENINGS } from './openings/international.js';

export type { OpeningEntry } from './openings/english.js';

export interface OpeningName {
  name: string;
  code: string | null;
}

/** A line as a table gives it: a ballot may come without a name of its own. */
interface SourceLine {
  code: string | null;
  name: string | null;
  line: string;
}

/** An ACF ballot's code as the explorer shows it. */
export function ballotCode(acf: number): string {
  return `ACF ${acf}`;
}

const SOURCES: Partial<Record<VariantId, () => readonly SourceLine[]>> = {
  english: () => [
    ...ENGLISH_OPENINGS,
    ...ACF_BALLOTS.map((b) => ({ code: ballotCode(b.acf), name: b.name, line: b.line })),
  ],
  international: () => INTERNATIONAL_OPENINGS,
};

interface Table {
  /** Every line in table order, each with the name it is shown under. */
  lines: OpeningEntry[];
  byFen: Map<string, OpeningName>;
}

const tables = new Map<VariantId, Table>();

/** The canonical FENs after each ply of a line, or null when a move does not replay. */
function fensAlong(variant: VariantId, line: string): string[] | null {
  let pos = Position.initial(variant);
  const fens: string[] = [];
  for (const text of line.trim().split(/\s+/)) {
    const move = parseMoveText(pos, text);
    if (!move.ok) return null;
    pos = pos.play(move.value);
    fens.push(pos.fen);
  }
  return fens;
}

function tableOf(variant: VariantId): Table {
  const cached = tables.get(variant);
  if (cached) return cached;
  const source = SOURCES[variant]?.() ?? [];
  const replayed = source.map((entry) => ({ entry, fens: fensAlong(variant, entry.line) }));
  const named = new Map<string, string>();
  for (const { entry, fens } of replayed)
    if (entry.name && fens && !named.has(fens[fens.length - 1]))
      named.set(fens[fens.length - 1], entry.name);
  const table: Table = { lines: [], byFen: new Map() };
  for (const { entry, fens } of replayed) {
    const along = fens?.findLast((fen) => named.has(fen));
    const name = entry.name ?? (along !== undefined ? named.get(along) : undefined) ?? entry.line;
    table.lines.push({ code: entry.code, name, line: entry.line });
    if (!fens) continue;
    const end = fens[fens.length - 1];
    const hit = table.byFen.get(end);
    if (!hit) table.byFen.set(end, { name, code: entry.code });
    else if (hit.code === null) hit.code = entry.code;
  }
  tables.set(variant, table);
  return table;
}

/**
 * The lines of a variant (empty when it has none), in table order, each with the name it is
 * shown under: the named openings, then (English) the 174 ACF ballots.
 */
export function openingLines(variant: VariantId): readonly OpeningEntry[] {
  return isVariantId(variant) && SOURCES[variant] ? tableOf(variant).lines : [];
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

/** The named opening whose line ends in this position (any FEN the variant reads), or null. */
export function openingByFen(variant: VariantId, fen: string): OpeningName | null {
  if (!isVariantId(variant) || !SOURCES[variant] || typeof fen !== 'string') return null;
  const pos = Position.fromFen(variant, fen);
  if (!pos.ok) return null;
  const hit = tableOf(variant).byFen.get(pos.value.fen);
  return hit ? { ...hit } : null;
}
