/** perft: the number of distinct move sequences of a given length, the rules' ground truth. */
import { BLACK, KING, WHITE } from './board.js';
import { makeMove, MoveList, toBits, undoMove } from './movegen.js';
import { generatorFor, type Position } from './position.js';

/** Counts leaves `depth` plies below `pos` by make/undo on one board; the last ply is counted, not played. */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  if (pos.variant.kingMoveLimit > 0) return perftWithRuns(pos, depth);
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

/**
 * perft for frisian and frysk!: a king that made `kingMoveLimit` quiet moves in a row may not
 * make another while its side has men, so the walk carries each side's run (the king's square
 * and count) as Position.runsAfter keeps it: a king's quiet move extends its own run or starts
 * one, any other move ends the mover's run, and a run lapses when its side has no men left or
 * its king is taken.
 */
function perftWithRuns(pos: Position, depth: number): number {
  const gen = generatorFor(pos.variant);
  const limit = pos.variant.kingMoveLimit;
  const board = Int8Array.from(pos.board);
  const lists = Array.from({ length: depth + 1 }, () => new MoveList(64));
  const hasMen = (color: number): boolean => board.includes(color);
  const run = (color: number): [number, number] => {
    const r = pos.kingRuns[color === WHITE ? 'white' : 'black'];
    return r === null ? [-1, 0] : [r.square - 1, r.moves];
  };
  const walk = (
    color: number,
    d: number,
    mySq: number,
    myN: number,
    theirSq: number,
    theirN: number,
  ): number => {
    const list = lists[d];
    const frozen = mySq >= 0 && myN >= limit && hasMen(color) ? mySq : -1;
    // The last ply is counted, not stored, unless a king is frozen.
    if (d === 1 && frozen < 0) return gen.count(board, color, list);
    const n = gen.generateWith(board, color, list, frozen);
    if (d === 1) return n;
    let total = 0;
    const next = color === WHITE ? BLACK : WHITE;
    for (let m = 0; m < n; m++) {
      const from = list.from[m];
      const kingQuiet = (list.piece[m] & KING) !== 0 && list.ncap[m] === 0;
      makeMove(board, list, m);
      let sq = -1;
      let count = 0;
      if (kingQuiet && hasMen(color)) {
        sq = list.to[m];
        count = mySq === from ? myN + 1 : 1;
      }
      const theirs = theirSq >= 0 && hasMen(next) && board[theirSq] === (next | KING);
      total += theirs
        ? walk(next, d - 1, theirSq, theirN, sq, count)
        : walk(next, d - 1, -1, 0, sq, count);
      undoMove(board, list, m);
    }
    return total;
  };
  const color = pos.turn === 'white' ? WHITE : BLACK;
  const [mySq, myN] = run(color);
  const [theirSq, theirN] = run(color === WHITE ? BLACK : WHITE);
  return walk(color, depth, mySq, myN, theirSq, theirN);
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
