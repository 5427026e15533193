/**
 * The builder: retrograde analysis, slice by slice, with the rules' own MoveGenerator.
 *
 * Slices are built by piece count, then by men count: a capture leads to fewer pieces and a
 * crowning to fewer men, so every move that leaves a slice lands in one built before. Per slice:
 * 1. Forward pass: every position's moves are generated once. Moves out of the slice (captures,
 *    crownings) are looked up; the in-slice moves (quiet, no crowning) are counted.
 * 2. Backward pass, by distance in plies (0, 1, 2...): a position resolved as a loss in d makes
 *    every unresolved in-slice predecessor a win in d + 1; a win in d takes one from each
 *    predecessor's count, and a predecessor whose count runs out loses in 1 + its longest
 *    successor. Predecessors come from un-moving the previous mover's pieces (a quiet step back);
 *    one whose forward pass found no in-slice move (it had a capture) is skipped, so only legal
 *    moves are un-made. What is left unresolved at the end is a draw.
 */
import { BLACK, WHITE } from '../../rules/board.js';
import { makeMove, MoveGenerator, MoveList, undoMove } from '../../rules/movegen.js';
import { DIAGONALS, NE, NW, opposite, SE, SW } from '../../rules/geometry.js';
import type { Variant } from '../../rules/variants/index.js';
import { type Material, Slice, sliceKey } from './slice.js';
import { EndgameTables, supportsVariant } from './tables.js';
import { Best, DRAW, encode, MAX_DISTANCE, outcomeOf, UNUSED } from './values.js';

export interface SliceReport {
  readonly key: string;
  /** Used indices (real positions, both sides to move). */
  readonly positions: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** The longest distance to the end found, in plies. */
  readonly longest: number;
  readonly bytes: number;
  readonly ms: number;
}

/** Every slice of 2 to `pieces` pieces with both sides present, in build order. */
export function sliceOrder(pieces: number): Material[] {
  const out: Material[] = [];
  for (let total = 2; total <= pieces; total++) {
    const here: Material[] = [];
    for (let w = 1; w < total; w++) {
      const b = total - w;
      for (let wm = 0; wm <= w; wm++)
        for (let bm = 0; bm <= b; bm++) here.push([wm, w - wm, bm, b - bm]);
    }
    here.sort((x, y) => x[0] + x[2] - (y[0] + y[2]));
    out.push(...here);
  }
  return out;
}

/**
 * Builds every ending of up to `pieces` pieces; `onSlice` hears of each slice when it is done.
 * `only` builds just those slices (tests): each must come after every slice its moves reach.
 */
export function buildTables(
  variant: Variant,
  pieces: number,
  onSlice?: (r: SliceReport) => void,
  only: readonly Material[] = sliceOrder(pieces),
): EndgameTables {
  if (!supportsVariant(variant)) throw new Error(`no endgame databases for ${variant.id}`);
  const data = new Map<string, Uint8Array>();
  const tables = new EndgameTables(variant, pieces, data);
  const builder = new SliceBuilder(variant, tables);
  for (const m of only) {
    const t0 = performance.now();
    const bytes = builder.build(tables.slice(m));
    data.set(sliceKey(m), bytes);
    onSlice?.({
      ...tally(bytes),
      key: sliceKey(m),
      bytes: bytes.length,
      ms: performance.now() - t0,
    });
  }
  return tables;
}

/** Counts of a slice's values. */
export function tally(bytes: Uint8Array): Omit<SliceReport, 'key' | 'bytes' | 'ms'> {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let longest = 0;
  for (const v of bytes) {
    if (v === UNUSED) continue;
    const o = outcomeOf(v);
    if (o === 0) draws++;
    else {
      if (o > 0) wins++;
      else losses++;
      longest = Math.max(longest, v - 1);
    }
  }
  return { positions: wins + draws + losses, wins, draws, losses, longest };
}

class SliceBuilder {
  private readonly gen: MoveGenerator;
  private readonly list = new MoveList(128);
  private readonly best = new Best();
  private readonly n: number;
  private readonly step: Int8Array;
  private readonly ray: Int8Array;
  private readonly size: number;
  private readonly flying: boolean;
  /** The directions a man of each colour (white, black) came from on a quiet step. */
  private readonly manBack: [readonly number[], readonly number[]];

  constructor(
    readonly variant: Variant,
    private readonly tables: EndgameTables,
  ) {
    const g = variant.geometry;
    this.gen = new MoveGenerator(variant);
    this.n = g.squares;
    this.step = g.step;
    this.ray = g.ray;
    this.size = g.size;
    this.flying = variant.flyingKings;
    this.manBack = [[NW, NE].map(opposite), [SW, SE].map(opposite)];
  }

  build(slice: Slice): Uint8Array {
    const size = slice.size;
    const value = new Uint8Array(size);
    /** In-slice moves not yet resolved as wins for the opponent (0: none, or a win is due). */
    const count = new Uint8Array(size);
    /** The longest loss so far through resolved successors; 255 = cannot lose (a draw or win). */
    const longest = new Uint8Array(size);
    const buckets: number[][] = [];
    const due = (d: number, i: number) => {
      if (d > MAX_DISTANCE) throw new Error(`slice ${slice.key}: a distance over ${MAX_DISTANCE}`);
      (buckets[d] ??= []).push(i);
    };
    const board = new Int8Array(this.n);
    const list = this.list;
    const best = this.best;
    for (let i = 0; i < size; i++) {
      const color = slice.decode(i, board);
      if (color === 0) {
        value[i] = UNUSED;
        continue;
      }
      const moves = this.gen.generate(board, color, list);
      const next = color === WHITE ? BLACK : WHITE;
      best.reset();
      let inside = 0;
      for (let m = 0; m < moves; m++) {
        if (list.ncap[m] === 0 && list.promote[m] === 0) {
          inside++;
          continue;
        }
        makeMove(board, list, m);
        const v = this.tables.probeBoard(board, next);
        undoMove(board, list, m);
        if (v < 0) throw new Error(`slice ${slice.key}: a successor outside the tables`);
        best.add(v);
      }
      if (inside === 0) {
        const v = best.value();
        if (v !== DRAW) due(v - 1, i);
        continue;
      }
      count[i] = inside;
      if (best.win !== Infinity) due(best.win, i);
      longest[i] = best.win !== Infinity || best.draw ? 255 : Math.max(0, best.lose);
    }
    for (let d = 0; d < buckets.length; d++) {
      const bucket = buckets[d];
      if (!bucket) continue;
      // The bucket grows no further while it is walked: predecessors are due later.
      for (const i of bucket) {
        if (value[i] !== 0) continue;
        value[i] = encode(d);
        const color = slice.decode(i, board);
        this.unmoves(board, color === WHITE ? BLACK : WHITE, slice, (j) => {
          if (value[j] !== 0 || count[j] === 0) return;
          if ((d & 1) === 0) {
            count[j] = 0;
            due(d + 1, j);
            return;
          }
          count[j]--;
          if (longest[j] !== 255 && longest[j] < d + 1) longest[j] = d + 1;
          if (count[j] === 0 && longest[j] !== 255) due(longest[j], j);
        });
      }
      buckets[d] = [];
    }
    return value;
  }

  /** Calls `f` with the index of each position from which `mover` reached `board` by a quiet move. */
  private unmoves(board: Int8Array, mover: number, slice: Slice, f: (j: number) => void): void {
    const n = this.n;
    for (let t = 0; t < n; t++) {
      const v = board[t];
      if ((v & mover) === 0) continue;
      board[t] = 0;
      if (v === mover) {
        for (const d of this.manBack[mover === WHITE ? 0 : 1]) {
          const s = this.step[d * n + t];
          if (s < 0 || board[s] !== 0) continue;
          board[s] = v;
          f(slice.index(board, mover));
          board[s] = 0;
        }
      } else {
        for (const d of DIAGONALS) {
          const base = (d * n + t) * this.size;
          for (let k = 0, s = this.ray[base]; s >= 0 && board[s] === 0; s = this.ray[base + ++k]) {
            board[s] = v;
            f(slice.index(board, mover));
            board[s] = 0;
            if (!this.flying) break;
          }
        }
      }
      board[t] = v;
    }
  }
}
