/** The reference generators by variant, and a perft over them (slow: plain objects, copies). */
import { other, playRef, readFen, spotOf, type RefMove, type RefPosition } from './board.js';
import { FRISIAN_PLAY, flyingMoves, INTERNATIONAL_PLAY, runsAfter } from './flying.js';
import { thaiMoves } from './thai.js';
import { turkishMoves } from './turkish.js';

export type RefVariant = 'frisian' | 'frysk' | 'thai' | 'turkish' | 'international' | 'canadian';

export const REF_BOARD: Record<RefVariant, { size: number; allSquares: boolean }> = {
  frisian: { size: 10, allSquares: false },
  frysk: { size: 10, allSquares: false },
  international: { size: 10, allSquares: false },
  canadian: { size: 12, allSquares: false },
  thai: { size: 8, allSquares: false },
  turkish: { size: 8, allSquares: true },
};

export function refPosition(variant: RefVariant, fen: string): RefPosition {
  const { size, allSquares } = REF_BOARD[variant];
  return readFen(size, allSquares, fen);
}

export function refMoves(variant: RefVariant, pos: RefPosition): RefMove[] {
  switch (variant) {
    case 'frisian':
    case 'frysk':
      return flyingMoves(pos, FRISIAN_PLAY);
    case 'international':
    case 'canadian':
      return flyingMoves(pos, INTERNATIONAL_PLAY);
    case 'thai':
      return thaiMoves(pos);
    case 'turkish':
      return turkishMoves(pos);
  }
}

export function refPlay(variant: RefVariant, pos: RefPosition, m: RefMove): RefPosition {
  const board = playRef(pos, m);
  const f = spotOf(pos.board.size, pos.board.allSquares, m.from);
  const wasKing = pos.board.cells[f.row][f.col]?.king ?? false;
  const frisian = variant === 'frisian' || variant === 'frysk';
  return { board, turn: other(pos.turn), runs: frisian ? runsAfter(pos, m, board, wasKing) : {} };
}

/** Leaves `depth` plies below `pos`, duplicates dropped (a position without a move adds 0). */
export function refPerft(variant: RefVariant, pos: RefPosition, depth: number): number {
  if (depth === 0) return 1;
  const moves = refMoves(variant, pos);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += refPerft(variant, refPlay(variant, pos, m), depth - 1);
  return total;
}
