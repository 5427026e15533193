/**
 * The transposition table: parallel typed arrays (no objects, no GC), buckets of two slots.
 * A slot is replaced when it holds the same key, is from an older search, or was searched less
 * deep; the bucket's shallower slot takes the rest. The stored move is only an ordering hint
 * (from, to), so a key collision can never make the engine play an illegal move.
 */
export const EXACT = 1;
export const LOWER = 2;
export const UPPER = 3;

/** Bytes per slot: check 4, score 2, move 2, depth 1, flag 1, age 1. */
const SLOT_BYTES = 11;

export class TranspositionTable {
  readonly size: number;
  private readonly mask: number;
  readonly check: Int32Array;
  readonly score: Int16Array;
  readonly move: Int16Array;
  readonly depth: Int8Array;
  readonly flag: Uint8Array;
  readonly age: Uint8Array;
  private generation = 0;

  constructor(megabytes = 16) {
    const wanted = Math.max(1024, Math.floor((megabytes * 1024 * 1024) / SLOT_BYTES));
    let size = 1024;
    while (size * 2 <= wanted) size *= 2;
    this.size = size;
    this.mask = size - 1;
    this.check = new Int32Array(size);
    this.score = new Int16Array(size);
    this.move = new Int16Array(size);
    this.depth = new Int8Array(size);
    this.flag = new Uint8Array(size);
    this.age = new Uint8Array(size);
  }

  /** A new search: older entries become preferred victims. */
  nextSearch(): void {
    this.generation = (this.generation + 1) & 0xff;
  }

  clear(): void {
    this.flag.fill(0);
    this.generation = 0;
  }

  /** The slot holding this key, or -1. */
  probe(lo: number, hi: number): number {
    const i = lo & this.mask & ~1;
    if (this.flag[i] !== 0 && this.check[i] === hi) return i;
    if (this.flag[i + 1] !== 0 && this.check[i + 1] === hi) return i + 1;
    return -1;
  }

  store(lo: number, hi: number, depth: number, flag: number, score: number, move: number): void {
    const i = lo & this.mask & ~1;
    let slot: number;
    if (this.check[i] === hi || this.flag[i] === 0) slot = i;
    else if (this.check[i + 1] === hi || this.flag[i + 1] === 0) slot = i + 1;
    else {
      const g = this.generation;
      const oldA = this.age[i] !== g;
      const oldB = this.age[i + 1] !== g;
      if (oldA !== oldB) slot = oldA ? i : i + 1;
      else slot = this.depth[i] <= this.depth[i + 1] ? i : i + 1;
    }
    // Keep a deeper result of this search for the same key unless this one is exact.
    if (
      this.check[slot] === hi &&
      this.flag[slot] !== 0 &&
      this.age[slot] === this.generation &&
      this.depth[slot] > depth &&
      flag !== EXACT
    ) {
      if (move >= 0 && this.move[slot] < 0) this.move[slot] = move;
      return;
    }
    this.check[slot] = hi;
    this.score[slot] = score;
    this.move[slot] = move;
    this.depth[slot] = depth > 127 ? 127 : depth;
    this.flag[slot] = flag;
    this.age[slot] = this.generation;
  }
}
