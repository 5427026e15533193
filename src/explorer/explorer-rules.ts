/**
 * The explorer's pure rules (issue 35): a position's key, a game's rating band, and the cells one
 * game adds to the index. No database here: explorer-indexer.ts feeds these from the stored games,
 * masters-import.ts from PDN, and the tests recount from both.
 */
import { EXPLORER_PLIES, RATING_BANDS, SPEEDS, type Speed } from '../common/protocol.js';
import { getVariant, parseFen, type Color, type VariantId } from '../rules/index.js';

/**
 * Key tables, one per board size, from a fixed generator and seed. FROZEN: the index stores these
 * keys, so changing a value (or the engine's own tables, which are separate on purpose) would
 * orphan every stored row.
 */
interface Keys {
  lo: Int32Array;
  hi: Int32Array;
  sideLo: number;
  sideHi: number;
}
const tables = new Map<number, Keys>();

function keysFor(squares: number): Keys {
  const hit = tables.get(squares);
  if (hit) return hit;
  // mulberry32, seeded per board size.
  let s = (0x9e3779b9 ^ squares) >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) | 0;
  };
  const lo = new Int32Array(4 * squares);
  const hi = new Int32Array(4 * squares);
  for (let i = 0; i < lo.length; i++) {
    lo[i] = next();
    hi[i] = next();
  }
  const keys = { lo, hi, sideLo: next(), sideHi: next() };
  tables.set(squares, keys);
  return keys;
}

// board.ts's piece bytes: 1 white, 2 black, 4 king (see PIECE_OF below).
const PIECE_OF = new Int8Array(16).fill(-1);
PIECE_OF[1] = 0; // white man
PIECE_OF[1 | 4] = 1; // white king
PIECE_OF[2] = 2; // black man
PIECE_OF[2 | 4] = 3; // black king

/** A board (board.ts bytes, index = PDN number - 1) and side to move as a signed 64-bit key. */
export function boardKey(board: Int8Array, turn: Color): string {
  const k = keysFor(board.length);
  let lo = turn === 'black' ? k.sideLo : 0;
  let hi = turn === 'black' ? k.sideHi : 0;
  for (let sq = 0; sq < board.length; sq++) {
    const p = PIECE_OF[board[sq] & 15];
    if (p < 0) continue;
    lo ^= k.lo[p * board.length + sq];
    hi ^= k.hi[p * board.length + sq];
  }
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo >>> 0)).toString();
}

/** The key of a FEN's pieces and side to move (a frisian king's run is not part of it). */
export function fenKey(variant: VariantId, fen: string): string {
  const setup = parseFen(getVariant(variant), fen);
  if (!setup.ok) throw new Error(`explorer: stored FEN does not parse: ${fen}`);
  return boardKey(setup.value.board, setup.value.turn);
}

/** The band of a game: the average of both ratings before it; a game without them counts at 1500. */
export function bandOf(white: number | null, black: number | null): number {
  const avg = white !== null && black !== null ? (white + black) / 2 : 1500;
  let band = 0;
  for (let i = 0; i < RATING_BANDS.length; i++) if (avg >= RATING_BANDS[i]) band = i;
  return band;
}

/** A stored move as the index keys it: its whole path ("32-28", "26x17x8"). */
export const pathText = (path: readonly number[], capture: boolean): string =>
  path.join(capture ? 'x' : '-');

/** The path a stored move text names. */
export const textPath = (text: string): number[] => text.split(/[-x]/).map(Number);

export const speedIndex = (speed: Speed): number => SPEEDS.indexOf(speed);

/** A move as stored: its landing squares, the squares it captured, whether it crowned. */
export interface StoredMove {
  path: readonly number[];
  captures: readonly number[];
  promoted: boolean;
}

/**
 * The board after `move`: the piece goes from its first square to its last, crowned if it was,
 * and the captured squares empty. Applied to the stored moves (each was legal when played), it
 * replays a game without generating moves or parsing a FEN per ply.
 */
export function applyStored(board: Int8Array, move: StoredMove): void {
  const from = move.path[0] - 1;
  const to = move.path[move.path.length - 1] - 1;
  const piece = board[from];
  board[from] = 0;
  for (const c of move.captures) board[c - 1] = 0;
  board[to] = move.promoted ? piece | 4 : piece;
}

/** One game as the indexer reads it. */
export interface IndexedGame {
  id: string;
  variant: VariantId;
  initialFen: string;
  winner: Color | null;
  speed: Speed;
  whiteRating: number | null;
  blackRating: number | null;
  /** When it ended (site) or was played (masters, "2003-05-23"). */
  at: string;
  /** Its moves in order. */
  moves: readonly StoredMove[];
}

/** One index row's increment: a (position, move, speed, band) cell. */
export interface Cell {
  key: string;
  variant: VariantId;
  move: string;
  speed: number;
  band: number;
  white: number;
  draws: number;
  black: number;
  ratingSum: number;
  rated: number;
  lastGame: string;
  lastAt: string;
  topGame: string;
  topRating: number;
}

/**
 * The cells a game adds: its first EXPLORER_PLIES plies, each position counted once, with the move
 * played the first time it was reached (so a position's games add up to the games through it).
 */
export function gameCells(g: IndexedGame): Cell[] {
  const band = bandOf(g.whiteRating, g.blackRating);
  const rated = g.whiteRating !== null && g.blackRating !== null;
  const avg = rated ? Math.round((g.whiteRating! + g.blackRating!) / 2) : 0;
  const setup = parseFen(getVariant(g.variant), g.initialFen);
  if (!setup.ok) throw new Error(`explorer: stored FEN does not parse: ${g.initialFen}`);
  const board = Int8Array.from(setup.value.board);
  let turn: Color = setup.value.turn;
  const cells: Cell[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < g.moves.length && i < EXPLORER_PLIES; i++) {
    const m = g.moves[i];
    const key = boardKey(board, turn);
    if (!seen.has(key)) {
      seen.add(key);
      cells.push({
        key,
        variant: g.variant,
        move: pathText(m.path, m.captures.length > 0),
        speed: speedIndex(g.speed),
        band,
        white: g.winner === 'white' ? 1 : 0,
        draws: g.winner === null ? 1 : 0,
        black: g.winner === 'black' ? 1 : 0,
        ratingSum: avg,
        rated: rated ? 1 : 0,
        lastGame: g.id,
        lastAt: g.at,
        topGame: g.id,
        topRating: avg,
      });
    }
    applyStored(board, m);
    turn = turn === 'white' ? 'black' : 'white';
  }
  return cells;
}

const cellId = (c: Cell): string => `${c.key}|${c.variant}|${c.move}|${c.speed}|${c.band}`;

/** Later wins; at the same time the greater id, so every process picks the same game. */
const later = (a: Cell, b: Cell): boolean =>
  a.lastAt > b.lastAt || (a.lastAt === b.lastAt && a.lastGame > b.lastGame);
const higher = (a: Cell, b: Cell): boolean =>
  a.topRating > b.topRating || (a.topRating === b.topRating && a.topGame > b.topGame);

/**
 * Many games' cells summed per cell (one upsert may not touch a row twice), sorted so that two
 * processes lock rows in the same order.
 */
export function mergeCells(cells: readonly Cell[]): Cell[] {
  const byId = new Map<string, Cell>();
  for (const c of cells) {
    const id = cellId(c);
    const o = byId.get(id);
    if (!o) {
      byId.set(id, { ...c });
      continue;
    }
    o.white += c.white;
    o.draws += c.draws;
    o.black += c.black;
    o.ratingSum += c.ratingSum;
    o.rated += c.rated;
    if (later(c, o)) {
      o.lastGame = c.lastGame;
      o.lastAt = c.lastAt;
    }
    if (higher(c, o)) {
      o.topGame = c.topGame;
      o.topRating = c.topRating;
    }
  }
  return [...byId.values()].sort(compareCells);
}

/** Any fixed order serves (both processes use this one): the key as text, then the rest. */
function compareCells(a: Cell, b: Cell): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.variant !== b.variant) return a.variant < b.variant ? -1 : 1;
  if (a.move !== b.move) return a.move < b.move ? -1 : 1;
  return a.speed - b.speed || a.band - b.band;
}
