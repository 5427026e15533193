/**
 * Reference moves for thai draughts (mak-hos), 8x8 on the dark squares, from the rules text:
 * - Men move and capture one square diagonally forward only (a man takes a king too).
 * - Kings move any distance along a free diagonal; a capturing king flies up to its prey and
 *   must stop on the square right behind it.
 * - Each taken piece leaves the board as it is jumped, so a later leg may cross its square, and
 *   a king's chain may turn straight back.
 * - Capture is compulsory and the sequence must be finished; which capture is free choice.
 * - A man is crowned when its move ends on the far row.
 * Duplicates (same origin, destination and captured set) are one move.
 */
import {
  allSpots,
  type Board,
  crownRow,
  distinct,
  forward,
  numberOf,
  onBoard,
  type RefMove,
  type RefPosition,
  type Spot,
} from './board.js';

const DIAGONALS: readonly [number, number][] = [
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
];

export function thaiMoves(pos: RefPosition): RefMove[] {
  const { board, turn } = pos;
  const num = (s: Spot) => numberOf(board.size, board.allSquares, s);
  const free = (b: Board, r: number, c: number) => onBoard(b, r, c) && b.cells[r][c] === null;
  const enemyAt = (b: Board, r: number, c: number) =>
    onBoard(b, r, c) && b.cells[r][c] !== null && b.cells[r][c]?.side !== turn;
  const mine = allSpots(board.size, board.allSquares).filter(
    (s) => board.cells[s.row][s.col]?.side === turn,
  );
  const captures: RefMove[] = [];
  for (const from of mine) {
    const piece = board.cells[from.row][from.col];
    if (piece === null) continue;
    const steps = piece.king ? DIAGONALS : DIAGONALS.filter(([dr]) => dr === forward(turn));
    board.cells[from.row][from.col] = null;
    const search = (at: Spot, taken: readonly Spot[]): void => {
      let goesOn = false;
      for (const [dr, dc] of steps) {
        let r = at.row + dr;
        let c = at.col + dc;
        if (piece.king) {
          while (free(board, r, c)) {
            r += dr;
            c += dc;
          }
        }
        if (!enemyAt(board, r, c) || !free(board, r + dr, c + dc)) continue;
        goesOn = true;
        // Removed at once; put back when this branch is done.
        const prey = board.cells[r][c];
        board.cells[r][c] = null;
        search({ row: r + dr, col: c + dc }, [...taken, { row: r, col: c }]);
        board.cells[r][c] = prey;
      }
      if (!goesOn && taken.length > 0)
        captures.push({
          from: num(from),
          to: num(at),
          captured: taken.map(num).sort((a, b) => a - b),
          promoted: !piece.king && at.row === crownRow(board, turn),
        });
    };
    search(from, []);
    board.cells[from.row][from.col] = piece;
  }
  if (captures.length > 0) return distinct(captures);
  const moves: RefMove[] = [];
  for (const s of mine) {
    const piece = board.cells[s.row][s.col];
    if (piece === null) continue;
    for (const [dr, dc] of DIAGONALS) {
      if (!piece.king && dr !== forward(turn)) continue;
      for (let r = s.row + dr, c = s.col + dc; free(board, r, c); r += dr, c += dc) {
        moves.push({
          from: num(s),
          to: num({ row: r, col: c }),
          captured: [],
          promoted: !piece.king && r === crownRow(board, turn),
        });
        if (!piece.king) break;
      }
    }
  }
  return moves;
}
