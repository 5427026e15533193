/** perft: the number of distinct move sequences of a given length, the rules' ground truth. */
import { BLACK, WHITE } from './board.js';
import { makeMove, MoveList, toBits, undoMove } from './movegen.js';
import { generatorFor, type Position } from './position.js';

/** Counts leaves `depth` plies below `pos` by make/undo on one board; the last ply is counted, not played. */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  const gen = generatorFor(pos.variant);
  const board = Int8Array.from(pos.board);
  const lists = Array.from({ length: depth + 1 }, () => new MoveList(64));
  // 8x8 boards also keep bitboards in step, for the generator's fast path.
  const bb = board.length <= 32 ? toBits(board) : null;
  const walk = (color: number, d: number): number => {
    const list = lists[d];
    if (d === 1) return gen.count(board, color, list, bb);
    const n = gen.generate(board, color, list, bb);
    let total = 0;
    const next = color === WHITE ? BLACK : WHITE;
    for (let m = 0; m < n; m++) {
      makeMove(board, list, m, bb);
      total += walk(next, d - 1);
      undoMove(board, list, m, bb);
    }
    return total;
  };
  return walk(pos.turn === 'white' ? WHITE : BLACK, depth);
}

/** perft split by root move: [move text, count] in generation order. */
export function divide(pos: Position, depth: number): { move: string; count: number }[] {
  return pos.legalMoves().map((mv) => ({
    move: mv.path.join(mv.captures.length > 0 ? 'x' : '-'),
    count: perft(pos.play(mv), depth - 1),
  }));
}

/**
 * perft as kish (a turkish engine) counts it: every route of a move counted (two routes to the
 * same capture are two), and a position without a move before the last ply counted as 1.
 */
export function perftRoutes(pos: Position, depth: number): number {
  const gen = generatorFor(pos.variant);
  const board = Int8Array.from(pos.board);
  const lists = Array.from({ length: depth + 1 }, () => new MoveList(64));
  const walk = (color: number, d: number): number => {
    if (d === 0) return 1;
    const list = lists[d];
    const n = gen.routes(board, color, list);
    if (n === 0) return 1;
    if (d === 1) return n;
    let total = 0;
    const next = color === WHITE ? BLACK : WHITE;
    for (let m = 0; m < n; m++) {
      makeMove(board, list, m);
      total += walk(next, d - 1);
      undoMove(board, list, m);
    }
    return total;
  };
  return walk(pos.turn === 'white' ? WHITE : BLACK, depth);
}
