/**
 * Reference moves for the 10x10/12x12 flying-king games where taken pieces stay on the board
 * until the move ends: frisian (and frysk!, its start differs only), and international's rules
 * of play (antidraughts, breakthrough and canadian share them).
 *
 * From the rules text:
 * - Men move one square diagonally forward; kings any distance along a free diagonal.
 * - Capture is compulsory, backward too for men. International: along diagonals. Frisian: also
 *   along rows and columns; on the dark squares the next square along a row is two columns
 *   away, so a man's orthogonal prey stands two squares off and it lands two squares beyond.
 * - A king flies to its prey along a free line and lands on any free square beyond it.
 * - Taken pieces stay until the move ends: they block, and none is taken twice.
 * - The whole sequence must be played: a move ends only where no capture goes on.
 * - International: the sequence taking the most pieces is compulsory. Frisian: the one of the
 *   highest value, a king worth 1.99 men (more than one man, less than two); at equal value a
 *   king must capture rather than a man.
 * - Crowning: only a man whose move ends on the far row.
 * - Frisian: a king may make at most three non-capturing moves in a row while its side has men.
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
  other,
  type RefMove,
  type RefPosition,
  type Side,
  type Spot,
} from './board.js';

export interface FlyingRules {
  /** Frisian: captures along rows and columns as well as diagonals. */
  readonly lines: boolean;
  /** How the compulsory capture is chosen. */
  readonly choice: 'most-pieces' | 'frisian-value';
  /** Quiet moves in a row one king may make while its side has men (0: no limit). */
  readonly kingLimit: number;
}

export const INTERNATIONAL_PLAY: FlyingRules = {
  lines: false,
  choice: 'most-pieces',
  kingLimit: 0,
};
export const FRISIAN_PLAY: FlyingRules = { lines: true, choice: 'frisian-value', kingLimit: 3 };

const DIAGONAL_STEPS: readonly [number, number][] = [
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
];
/** Along a row or column, the next dark square is two away. */
const LINE_STEPS: readonly [number, number][] = [
  [-2, 0],
  [2, 0],
  [0, -2],
  [0, 2],
];

interface Capture {
  readonly from: Spot;
  readonly to: Spot;
  readonly taken: readonly Spot[];
  readonly byKing: boolean;
}

/** Every complete capture sequence of the piece on `from` (the board is restored after). */
function capturesFrom(board: Board, from: Spot, rules: FlyingRules): Capture[] {
  const piece = board.cells[from.row][from.col];
  if (piece === null) return [];
  const steps = rules.lines ? [...DIAGONAL_STEPS, ...LINE_STEPS] : DIAGONAL_STEPS;
  const found: Capture[] = [];
  const isPrey = (r: number, c: number, taken: readonly Spot[]): boolean => {
    const p = board.cells[r][c];
    return p !== null && p.side !== piece.side && !taken.some((t) => t.row === r && t.col === c);
  };
  const free = (r: number, c: number): boolean =>
    onBoard(board, r, c) && board.cells[r][c] === null;
  const search = (at: Spot, taken: readonly Spot[]): void => {
    let goesOn = false;
    for (const [dr, dc] of steps) {
      if (!piece.king) {
        const pr = at.row + dr;
        const pc = at.col + dc;
        if (!onBoard(board, pr, pc) || !isPrey(pr, pc, taken)) continue;
        if (!free(pr + dr, pc + dc)) continue;
        goesOn = true;
        search({ row: pr + dr, col: pc + dc }, [...taken, { row: pr, col: pc }]);
        continue;
      }
      let r = at.row + dr;
      let c = at.col + dc;
      while (free(r, c)) {
        r += dr;
        c += dc;
      }
      if (!onBoard(board, r, c) || !isPrey(r, c, taken)) continue;
      const prey = { row: r, col: c };
      for (r += dr, c += dc; free(r, c); r += dr, c += dc) {
        goesOn = true;
        search({ row: r, col: c }, [...taken, prey]);
      }
    }
    if (!goesOn && taken.length > 0) found.push({ from, to: at, taken, byKing: piece.king });
  };
  // The moving piece has left its square: a king may pass over it or come back to it.
  board.cells[from.row][from.col] = null;
  try {
    search(from, []);
  } finally {
    board.cells[from.row][from.col] = piece;
  }
  return found;
}

/** Frisian value in hundredths of a man: a man 100, a king 199. */
function value(board: Board, c: Capture): number {
  let v = 0;
  for (const t of c.taken) v += board.cells[t.row][t.col]?.king ? 199 : 100;
  return v;
}

/** The captures the precedence rule leaves. */
function compulsory(board: Board, all: readonly Capture[], rules: FlyingRules): Capture[] {
  if (all.length === 0) return [];
  if (rules.choice === 'most-pieces') {
    const most = Math.max(...all.map((c) => c.taken.length));
    return all.filter((c) => c.taken.length === most);
  }
  const best = Math.max(...all.map((c) => value(board, c)));
  const top = all.filter((c) => value(board, c) === best);
  // At equal value the king captures.
  return top.some((c) => c.byKing) ? top.filter((c) => c.byKing) : top;
}

const sideHasMen = (board: Board, side: Side): boolean =>
  board.cells.some((row) => row.some((p) => p !== null && p.side === side && !p.king));

export function flyingMoves(pos: RefPosition, rules: FlyingRules): RefMove[] {
  const { board, turn } = pos;
  const num = (s: Spot) => numberOf(board.size, board.allSquares, s);
  const mine = allSpots(board.size, board.allSquares).filter(
    (s) => board.cells[s.row][s.col]?.side === turn,
  );
  const captures = compulsory(
    board,
    mine.flatMap((s) => capturesFrom(board, s, rules)),
    rules,
  );
  if (captures.length > 0) {
    return distinct(
      captures.map((c) => ({
        from: num(c.from),
        to: num(c.to),
        captured: c.taken.map(num).sort((a, b) => a - b),
        promoted: !c.byKing && c.to.row === crownRow(board, turn),
      })),
    );
  }
  // A king that used up its quiet moves (frisian) stays put unless it can capture.
  const run = pos.runs[turn];
  const frozen =
    rules.kingLimit > 0 &&
    run !== undefined &&
    run.moves >= rules.kingLimit &&
    sideHasMen(board, turn)
      ? run.square
      : 0;
  const moves: RefMove[] = [];
  for (const s of mine) {
    const piece = board.cells[s.row][s.col];
    if (piece === null || num(s) === frozen) continue;
    if (!piece.king) {
      for (const dc of [-1, 1]) {
        const r = s.row + forward(turn);
        const c = s.col + dc;
        if (onBoard(board, r, c) && board.cells[r][c] === null)
          moves.push({
            from: num(s),
            to: num({ row: r, col: c }),
            captured: [],
            promoted: r === crownRow(board, turn),
          });
      }
      continue;
    }
    for (const [dr, dc] of DIAGONAL_STEPS) {
      for (
        let r = s.row + dr, c = s.col + dc;
        onBoard(board, r, c) && board.cells[r][c] === null;
        r += dr, c += dc
      )
        moves.push({ from: num(s), to: num({ row: r, col: c }), captured: [], promoted: false });
    }
  }
  return moves;
}

/**
 * Frisian's king runs after `m`: a king's quiet move extends its own run (or starts one); any
 * other move of that side ends it; a side without men has no run, nor one whose king was taken.
 */
export function runsAfter(
  pos: RefPosition,
  m: RefMove,
  after: Board,
  moverWasKing: boolean,
): RefPosition['runs'] {
  const me = pos.turn;
  const them = other(me);
  const runs: { -readonly [K in Side]?: { square: number; moves: number } } = {};
  const prev = pos.runs[me];
  if (moverWasKing && m.captured.length === 0 && sideHasMen(after, me))
    runs[me] = {
      square: m.to,
      moves: prev !== undefined && prev.square === m.from ? prev.moves + 1 : 1,
    };
  const theirs = pos.runs[them];
  if (theirs !== undefined && sideHasMen(after, them) && !m.captured.includes(theirs.square))
    runs[them] = theirs;
  return runs;
}
