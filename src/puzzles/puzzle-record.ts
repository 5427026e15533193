/**
 * A puzzle record of the starter set (docs/PROTOCOL.md, v1.18; one JSON object a line) checked
 * before it is loaded: its shape, and that its line replays legally in src/rules with every move
 * written as moveToText writes it, so the page can compare texts. Pure.
 */
import { z } from 'zod';
import { PUZZLE_SOURCES, PUZZLE_THEMES } from '../common/protocol.js';
import {
  moveToText,
  parseMoveText,
  Position,
  VARIANT_IDS,
  type VariantId,
} from '../rules/index.js';

export const PUZZLE_ID = /^[0-9A-Za-z]{6}$/;

const moveText = z.string().min(3).max(200);
const Record = z.object({
  id: z.string().regex(PUZZLE_ID),
  variant: z.enum(VARIANT_IDS),
  fen: z.string().min(3).max(1000),
  // The opponent's move, then at least two solver moves and the reply between them.
  moves: z.array(moveText).min(4).max(60),
  accepted: z
    .array(z.tuple([z.number().int().min(1), moveText]))
    .max(60)
    .default([]),
  themes: z.array(z.enum(PUZZLE_THEMES)).max(20).default([]),
  depth: z.number().int().min(0).max(200).default(0),
  source: z.enum(PUZZLE_SOURCES),
});

export interface PuzzleRecord {
  id: string;
  variant: VariantId;
  fen: string;
  moves: string[];
  accepted: [number, string][];
  themes: string[];
  depth: number;
  source: (typeof PUZZLE_SOURCES)[number];
}

export type RecordCheck = { ok: true; record: PuzzleRecord } | { ok: false; reason: string };

/** The record if it is one (`raw`: a parsed JSON value), else why not. */
export function checkRecord(raw: unknown): RecordCheck {
  const r = Record.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'record'}: ${issue?.message}` };
  }
  const rec = r.data as PuzzleRecord;
  if (rec.moves.length % 2 !== 0)
    return { ok: false, reason: 'the line must end on a solver move' };
  const start = Position.fromFen(rec.variant, rec.fen);
  if (!start.ok) return { ok: false, reason: `fen: ${start.error.message}` };
  let pos = start.value;
  const before: Position[] = [];
  for (const [i, text] of rec.moves.entries()) {
    if (pos.legalMoves().length === 0) return { ok: false, reason: `move ${i}: the game is over` };
    const m = parseMoveText(pos, text);
    if (!m.ok) return { ok: false, reason: `move ${i} "${text}": ${m.error.message}` };
    const canonical = moveToText(pos, m.value);
    if (canonical !== text)
      return { ok: false, reason: `move ${i} "${text}" is written "${canonical}"` };
    before.push(pos);
    pos = pos.play(m.value);
  }
  const seen = new Set<string>();
  for (const [i, text] of rec.accepted) {
    if (i % 2 !== 1 || i >= rec.moves.length)
      return { ok: false, reason: `accepted at ${i}: not a solver move of the line` };
    const m = parseMoveText(before[i], text);
    if (!m.ok) return { ok: false, reason: `accepted at ${i} "${text}": ${m.error.message}` };
    if (
      moveToText(before[i], m.value) !== text ||
      text === rec.moves[i] ||
      seen.has(`${i}:${text}`)
    )
      return { ok: false, reason: `accepted at ${i} "${text}": not another move as written` };
    seen.add(`${i}:${text}`);
  }
  return { ok: true, record: rec };
}
