/**
 * Reference moves for turkish draughts (dama), all 64 squares, from the rules text:
 * - Men move and capture one square straight forward or sideways, never backward.
 * - Kings move like a rook; a capturing king flies to its prey along a free row or column and
 *   lands on any free square beyond it.
 * - Each taken piece leaves the board at once (a later leg may cross its square).
 * - A chain may not turn 180 degrees between two captures.
 * - The sequence taking the most pieces is compulsory (a king counts as one piece).
 * - A man reaching the far row during a capture finishes it as a man and is crowned when the move
 *   ends there (the Turkish federation's championship rules, 1h).
 * Duplicates (same origin, destination and captured set) are one move.
 */
import {
  allSpots,
  crownRow,
  distinct,
  forward,
  numberOf,
  onBoard,
  type RefMove,
  type RefPosition,
  type Spot,
} from './board.js';

const ROOK: readonly [number, number][] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

export function turkishMoves(pos: RefPosition): RefMove[] {
  const { board, turn } = pos;
  const num = (s: Spot) => numberOf(board.size, board.allSquares, s);
  const free = (r: number, c: number) => onBoard(board, r, c) && board.cells[r][c] === null;
  const enemyAt = (r: number, c: number) =>
    onBoard(board, r, c) && board.cells[r][c] !== null && board.cells[r][c]?.side !== turn;
  const manSteps = ROOK.filter(([dr]) => dr !== -forward(turn));
  const mine = allSpots(board.size, board.allSquares).filter(
    (s) => board.cells[s.row][s.col]?.side === turn,
  );
  const captures: RefMove[] = [];
  for (const from of mine) {
    const piece = board.cells[from.row][from.col];
    if (piece === null) continue;
    board.cells[from.row][from.col] = null;
    const search = (
      at: Spot,
      king: boolean,
      last: readonly [number, number] | null,
      taken: readonly Spot[],
    ): void => {
      let goesOn = false;
      for (const [dr, dc] of king ? ROOK : manSteps) {
        if (last !== null && dr === -last[0] && dc === -last[1]) continue; // no 180-degree turn
        let r = at.row + dr;
        let c = at.col + dc;
        if (king) {
          while (free(r, c)) {
            r += dr;
            c += dc;
          }
        }
        if (!enemyAt(r, c)) continue;
        const preyAt = { row: r, col: c };
        const prey = board.cells[r][c];
        board.cells[r][c] = null;
        const landings: Spot[] = [];
        for (let lr = r + dr, lc = c + dc; free(lr, lc); lr += dr, lc += dc) {
          landings.push({ row: lr, col: lc });
          if (!king) break;
        }
        for (const l of landings) {
          goesOn = true;
          search(l, king, [dr, dc], [...taken, preyAt]);
        }
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
    search(from, piece.king, null, []);
    board.cells[from.row][from.col] = piece;
  }
  if (captures.length > 0) {
    const most = Math.max(...captures.map((m) => m.captured.length));
    return distinct(captures.filter((m) => m.captured.length === most));
  }
  const moves: RefMove[] = [];
  for (const s of mine) {
    const piece = board.cells[s.row][s.col];
    if (piece === null) continue;
    for (const [dr, dc] of piece.king ? ROOK : manSteps) {
      for (let r = s.row + dr, c = s.col + dc; free(r, c); r += dr, c += dc) {
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
