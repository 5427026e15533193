/**
 * The reference generators' board: a plain grid of cells indexed [row][col], row 0 at the top
 * (Black's back row), col 0 the a-file. Written from the PDN conventions alone (no import from
 * src/rules): squares are numbered left to right, top to bottom, over the playable squares only.
 * It is slow on purpose; it exists to be read against the rules text.
 */

export type Side = 'white' | 'black';

export interface Piece {
  readonly side: Side;
  readonly king: boolean;
}

export type Cell = Piece | null;

export interface Board {
  /** Squares a side: 8, 10 or 12. */
  readonly size: number;
  /** Every square is played (turkish), else only the dark ones. */
  readonly allSquares: boolean;
  readonly cells: Cell[][];
}

export interface Spot {
  readonly row: number;
  readonly col: number;
}

/** A legal move as the rules define its identity: origin, destination, the set taken, crowning. */
export interface RefMove {
  readonly from: number;
  readonly to: number;
  /** PDN numbers of the taken pieces, ascending (a set: the order is not part of the move). */
  readonly captured: readonly number[];
  readonly promoted: boolean;
}

/** a1 (bottom left) is a dark, playable square on every board these variants use. */
export function playable(size: number, allSquares: boolean, row: number, col: number): boolean {
  if (row < 0 || col < 0 || row >= size || col >= size) return false;
  return allSquares || (row + col) % 2 === 1;
}

/** Numbering tables per board kind, built once: square number <-> (row, col). */
const tables = new Map<string, { spots: Spot[]; numbers: Map<string, number> }>();

function numbering(
  size: number,
  allSquares: boolean,
): { spots: Spot[]; numbers: Map<string, number> } {
  const key = `${size}/${allSquares}`;
  let t = tables.get(key);
  if (!t) {
    const spots: Spot[] = [];
    const numbers = new Map<string, number>();
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++) {
        if (!playable(size, allSquares, r, c)) continue;
        spots.push({ row: r, col: c });
        numbers.set(`${r},${c}`, spots.length);
      }
    t = { spots, numbers };
    tables.set(key, t);
  }
  return t;
}

/** The PDN number of a playable square. */
export function numberOf(size: number, allSquares: boolean, at: Spot): number {
  const n = numbering(size, allSquares).numbers.get(`${at.row},${at.col}`);
  if (n === undefined) throw new Error(`(${at.row},${at.col}) is not playable`);
  return n;
}

/** The square with PDN number `n`. */
export function spotOf(size: number, allSquares: boolean, n: number): Spot {
  const s = numbering(size, allSquares).spots[n - 1];
  if (s === undefined) throw new Error(`no square ${n}`);
  return s;
}

/** Every playable square, in PDN order. */
export const allSpots = (size: number, allSquares: boolean): readonly Spot[] =>
  numbering(size, allSquares).spots;

export function emptyBoard(size: number, allSquares: boolean): Board {
  const cells: Cell[][] = [];
  for (let r = 0; r < size; r++) cells.push(new Array<Cell>(size).fill(null));
  return { size, allSquares, cells };
}

export function cloneBoard(b: Board): Board {
  return { size: b.size, allSquares: b.allSquares, cells: b.cells.map((row) => [...row]) };
}

export function onBoard(b: Board, r: number, c: number): boolean {
  return playable(b.size, b.allSquares, r, c);
}

/** The row on which a man of `side` is crowned. */
export const crownRow = (b: Board, side: Side): number => (side === 'white' ? 0 : b.size - 1);

/** White's men go up the board (toward row 0), Black's down. */
export const forward = (side: Side): number => (side === 'white' ? -1 : 1);

export const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');

export interface RefPosition {
  readonly board: Board;
  readonly turn: Side;
  /** Frisian: the side's king that made `moves` non-capturing moves in a row, by PDN number. */
  readonly runs: Partial<Record<Side, { square: number; moves: number }>>;
}

/** Reads `W:W31,K32:B1-5` (and frisian's `:KW32/2`); no error handling: test data only. */
export function readFen(size: number, allSquares: boolean, fen: string): RefPosition {
  const board = emptyBoard(size, allSquares);
  const fields = fen.split(':');
  const runs: RefPosition['runs'] = {};
  for (const field of fields.slice(1)) {
    if (field.startsWith('K')) {
      const [sq, moves] = field.slice(2).split('/').map(Number);
      runs[field[1] === 'W' ? 'white' : 'black'] = { square: sq, moves };
      continue;
    }
    const side: Side = field[0] === 'W' ? 'white' : 'black';
    for (const item of field.slice(1).split(',')) {
      if (item === '') continue;
      const king = item.startsWith('K');
      const [a, b] = item.replace(/K/g, '').split('-').map(Number);
      for (let n = a; n <= (b ?? a); n++) {
        const s = spotOf(size, allSquares, n);
        board.cells[s.row][s.col] = { side, king };
      }
    }
  }
  return { board, turn: fields[0] === 'W' ? 'white' : 'black', runs };
}

/** Canonical text of a move, for comparing sets. */
export const moveKey = (m: RefMove): string =>
  `${m.from}${m.captured.length ? 'x' : '-'}${m.to}${m.captured.length ? ` [${m.captured.join(',')}]` : ''}${m.promoted ? ' =K' : ''}`;

/** Drops moves with the same origin, destination, captured set and crowning (one move). */
export function distinct(moves: readonly RefMove[]): RefMove[] {
  const seen = new Map<string, RefMove>();
  for (const m of moves) seen.set(moveKey(m), m);
  return [...seen.values()];
}

/** The board after `m`: the mover leaves its origin, the taken pieces go, crowned if promoted. */
export function playRef(pos: RefPosition, m: RefMove): Board {
  const b = cloneBoard(pos.board);
  const f = spotOf(b.size, b.allSquares, m.from);
  const t = spotOf(b.size, b.allSquares, m.to);
  const piece = b.cells[f.row][f.col];
  if (piece === null) throw new Error(`no piece on ${m.from}`);
  b.cells[f.row][f.col] = null;
  for (const n of m.captured) {
    const s = spotOf(b.size, b.allSquares, n);
    b.cells[s.row][s.col] = null;
  }
  b.cells[t.row][t.col] = m.promoted ? { side: piece.side, king: true } : piece;
  return b;
}
