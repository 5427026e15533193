/**
 * PDN 3.0 FEN: `W:W21,22,K23:B1-12` = side to move, then each side's squares, `K` before a king.
 * Frisian adds, when a king has moved without capturing, `:KW28/2` (White's king on 28 has made
 * 2 such moves in a row; `KB` for Black): its limit is part of the position.
 * Input accepts ranges (`21-32`), sides in either order, spaces, an empty side and a final dot;
 * output is one canonical string per position (ascending squares, no ranges), so equal positions
 * always serialise to the same FEN.
 */
import { BLACK, KING, WHITE } from './board.js';
import { err, ok, type RulesReason, type RulesResult } from './errors.js';
import type { Color } from './types.js';
import type { Variant } from './variants/variant.js';

/** Every error of the FEN's own shape reads the same to a person. */
const SHAPE: RulesReason = { key: 'fenShape' };

/** Position data before it is checked against a variant's rules (chessops' Setup). */
export interface Setup {
  readonly turn: Color;
  /** Byte per square (board.ts codes), index = PDN number - 1. */
  readonly board: Int8Array;
  /** Frisian's king-move counts; absent = none. */
  readonly kingRuns?: KingRuns;
}

/** A king's non-capturing moves in a row: the square it stands on (PDN number) and how many. */
export interface KingRun {
  readonly square: number;
  readonly moves: number;
}

export interface KingRuns {
  readonly white: KingRun | null;
  readonly black: KingRun | null;
}

export const NO_RUNS: KingRuns = { white: null, black: null };
const RUN = /^K([WB])(\d+)\/(\d+)$/;

const SIDE = /^([WB])(.*)$/;
const ITEM = /^(K?)(\d+)(?:-(K?)(\d+))?$/;

export function parseFen(variant: Variant, fen: string): RulesResult<Setup> {
  if (typeof fen !== 'string' || fen.length > 1000)
    return err('INVALID_FEN', 'FEN must be a string', SHAPE);
  const text = fen
    .trim()
    .replace(/^\[FEN\s+"(.*)"\]$/, '$1')
    .replace(/\.$/, '')
    .replace(/\s+/g, '');
  const parts = text.split(':');
  const runParts = parts.filter((p) => p.startsWith('K'));
  const pieceParts = parts.slice(1).filter((p) => !p.startsWith('K'));
  if (pieceParts.length > 2 || !/^[WB]$/.test(parts[0])) {
    return err('INVALID_FEN', `FEN must look like "W:W21-32:B1-12", got "${fen}"`, SHAPE);
  }
  const n = variant.geometry.squares;
  const board = new Int8Array(n);
  const seen = new Set<string>();
  for (const part of pieceParts) {
    const m = SIDE.exec(part);
    if (!m) return err('INVALID_FEN', `bad side "${part}": expected W... or B...`, SHAPE);
    if (seen.has(m[1])) return err('INVALID_FEN', `side ${m[1]} given twice`, SHAPE);
    seen.add(m[1]);
    const color = m[1] === 'W' ? WHITE : BLACK;
    if (m[2] === '') continue;
    for (const item of m[2].split(',')) {
      const it = ITEM.exec(item);
      if (!it) return err('INVALID_FEN', `bad square "${item}"`, SHAPE);
      const a = Number(it[2]);
      const b = it[4] === undefined ? a : Number(it[4]);
      const king = it[1] === 'K' || it[3] === 'K';
      if (a < 1 || b > n || a > b)
        return err('INVALID_FEN', `square "${item}" outside 1-${n}`, SHAPE);
      for (let s = a; s <= b; s++) {
        if (board[s - 1] !== 0) return err('INVALID_FEN', `square ${s} given twice`, SHAPE);
        board[s - 1] = king ? color | KING : color;
      }
    }
  }
  const g = variant.geometry;
  for (let sq = 0; sq < n; sq++) {
    const v = board[sq];
    if (v === WHITE && g.rowOf[sq] === 0) {
      return err('INVALID_FEN', `a white man on ${sq + 1} would have been crowned`, {
        key: 'crowned',
        color: 'white',
        square: sq + 1,
      });
    }
    if (v === BLACK && g.rowOf[sq] === g.size - 1) {
      return err('INVALID_FEN', `a black man on ${sq + 1} would have been crowned`, {
        key: 'crowned',
        color: 'black',
        square: sq + 1,
      });
    }
  }
  const runs = parseRuns(variant, runParts, board);
  if (!runs.ok) return runs;
  return ok({ turn: parts[0] === 'W' ? 'white' : 'black', board, kingRuns: runs.value });
}

function parseRuns(
  variant: Variant,
  parts: readonly string[],
  board: Int8Array,
): RulesResult<KingRuns> {
  if (parts.length === 0) return ok(NO_RUNS);
  const limit = variant.kingMoveLimit;
  let runs: KingRuns = NO_RUNS;
  for (const part of parts) {
    const m = RUN.exec(part);
    if (!m || limit === 0) return err('INVALID_FEN', `bad field "${part}"`, SHAPE);
    const color = m[1] === 'W' ? WHITE : BLACK;
    const square = Number(m[2]);
    const moves = Number(m[3]);
    if (board[square - 1] !== (color | KING) || moves < 1 || moves > limit)
      return err('INVALID_FEN', `"${part}": no such king or count`, SHAPE);
    if ((m[1] === 'W' ? runs.white : runs.black) !== null)
      return err('INVALID_FEN', `K${m[1]} given twice`, SHAPE);
    runs =
      m[1] === 'W' ? { ...runs, white: { square, moves } } : { ...runs, black: { square, moves } };
  }
  return ok(runs);
}

export function makeFen(setup: Setup): string {
  const side = (color: number): string => {
    const items: string[] = [];
    setup.board.forEach((v, sq) => {
      if ((v & color) !== 0) items.push(`${(v & KING) !== 0 ? 'K' : ''}${sq + 1}`);
    });
    return items.join(',');
  };
  const runs = setup.kingRuns ?? NO_RUNS;
  const run = (c: 'W' | 'B', r: KingRun | null) =>
    r === null ? '' : `:K${c}${r.square}/${r.moves}`;
  return `${setup.turn === 'white' ? 'W' : 'B'}:W${side(WHITE)}:B${side(BLACK)}${run('W', runs.white)}${run('B', runs.black)}`;
}
