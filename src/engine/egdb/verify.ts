/**
 * The verifier: every position's stored value must be the one its successors' stored values
 * give (values.ts's Best), with every move generated forward, whatever slice it lands in. With
 * distances this is a full check: a won position must have a successor lost in exactly one ply
 * less, so no cycle of positions can claim a win, and a draw must have no winning move.
 */
import { BLACK, WHITE } from '../../rules/board.js';
import { makeMove, MoveGenerator, MoveList, undoMove } from '../../rules/movegen.js';
import type { Material } from './slice.js';
import type { EndgameTables } from './tables.js';
import { Best, UNUSED } from './values.js';

export interface Mismatch {
  readonly slice: string;
  readonly index: number;
  readonly stored: number;
  readonly expected: number;
}

/** The positions of slice `m` whose value disagrees with their successors' (at most `limit`). */
export function verifySlice(tables: EndgameTables, m: Material, limit = 10): Mismatch[] {
  const slice = tables.slice(m);
  const bytes = tables.data.get(slice.key);
  if (!bytes || bytes.length !== slice.size) {
    return [{ slice: slice.key, index: -1, stored: bytes?.length ?? -1, expected: slice.size }];
  }
  const gen = new MoveGenerator(tables.variant);
  const list = new MoveList(128);
  const board = new Int8Array(tables.variant.geometry.squares);
  const best = new Best();
  const out: Mismatch[] = [];
  for (let i = 0; i < slice.size && out.length < limit; i++) {
    const color = slice.decode(i, board);
    if (color === 0) {
      if (bytes[i] !== UNUSED)
        out.push({ slice: slice.key, index: i, stored: bytes[i], expected: UNUSED });
      continue;
    }
    const next = color === WHITE ? BLACK : WHITE;
    best.reset();
    const n = gen.generate(board, color, list);
    for (let k = 0; k < n; k++) {
      makeMove(board, list, k);
      best.add(tables.probeBoard(board, next));
      undoMove(board, list, k);
    }
    const expected = best.value();
    if (bytes[i] !== expected) out.push({ slice: slice.key, index: i, stored: bytes[i], expected });
  }
  return out;
}
