/**
 * A shipped record checked without the engine: it replays legally (each text is moveToText of a
 * generated move in its position), ends on a solver move, has its own id and known themes.
 */
import { isVariantId, moveToText, Position } from '../rules/index.js';
import { puzzleId } from './puzzle-id.js';
import { THEMES, type PuzzleRecord } from './record.js';

export type ReplayCheck = { ok: true } | { ok: false; problem: string };

export function replayRecord(r: PuzzleRecord): ReplayCheck {
  const bad = (problem: string): ReplayCheck => ({ ok: false, problem: `${r.id}: ${problem}` });
  if (!isVariantId(r.variant)) return bad(`unknown variant ${r.variant}`);
  const start = Position.fromFen(r.variant, r.fen);
  if (!start.ok) return bad(`bad fen ${r.fen}`);
  if (!/^[0-9A-Za-z]{6}$/.test(r.id) || r.id !== puzzleId(r.variant, r.fen, r.moves[0] ?? ''))
    return bad('id is not the hash of variant, fen and first move');
  // moves[0] and at least two solver/opponent pairs' solver moves: 1, 3 (length 4 or more, even).
  if (r.moves.length < 4 || r.moves.length % 2 !== 0)
    return bad('the line does not end on a solver move');
  if (r.themes.length === 0 || r.themes.some((t) => !THEMES.includes(t)))
    return bad('unknown theme');
  const alts = new Map<number, string[]>();
  for (const [i, text] of r.accepted ?? []) {
    if (!Number.isInteger(i) || i % 2 !== 1 || i >= r.moves.length)
      return bad(`accepted index ${i}`);
    alts.set(i, [...(alts.get(i) ?? []), text]);
  }
  let pos = start.value;
  for (let i = 0; i < r.moves.length; i++) {
    const legal = pos.legalMoves();
    const texts = legal.map((m) => moveToText(pos, m));
    const at = texts.indexOf(r.moves[i]);
    if (at < 0) return bad(`move ${i} ${r.moves[i]} is not legal in ${pos.fen}`);
    for (const alt of alts.get(i) ?? [])
      if (alt === r.moves[i] || !texts.includes(alt)) return bad(`accepted ${alt} at ${i}`);
    pos = pos.play(legal[at]);
  }
  return { ok: true };
}
