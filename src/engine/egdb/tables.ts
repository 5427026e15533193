/**
 * EndgameTables: a variant's built slices, probed by the search. Pure (no I/O): the bytes come
 * from the builder or from a file that src/computer/egdb-files.ts reads.
 */
import { BLACK, KING, WHITE } from '../../rules/board.js';
import type { Variant } from '../../rules/variants/index.js';
import { type Material, Slice, sliceKey } from './slice.js';
import { encode, UNUSED } from './values.js';

const MAGIC = 'DAMAS-EGDB 1\n';

/** Which variants the builder handles: diagonal moves, the usual goal, no king-move limit. */
export function supportsVariant(v: Variant): boolean {
  return v.goal === 'usual' && v.movement === 'diagonal' && v.kingMoveLimit === 0;
}

export class EndgameTables {
  private readonly slices = new Map<string, Slice>();
  /** By material code (code()): the slice and its bytes, for probes that allocate nothing. */
  private readonly bySlice: (Slice | null)[] = new Array<Slice | null>(4096).fill(null);
  private readonly byBytes: (Uint8Array | null)[] = new Array<Uint8Array | null>(4096).fill(null);

  constructor(
    readonly variant: Variant,
    /** Every ending of at most this many pieces is here. */
    readonly pieces: number,
    readonly data: ReadonlyMap<string, Uint8Array>,
  ) {}

  slice(m: Material): Slice {
    const key = sliceKey(m);
    let s = this.slices.get(key);
    if (!s) {
      s = new Slice(this.variant.geometry, m);
      this.slices.set(key, s);
    }
    return s;
  }

  /**
   * The value byte (values.ts) of `board` with `color` to move and the given piece counts, or
   * -1 when the tables do not hold it. A side without pieces to move has lost (0 plies).
   */
  probe(board: Int8Array, color: number, wm: number, wk: number, bm: number, bk: number): number {
    if (wm + wk + bm + bk > this.pieces) return -1;
    const mine = color === WHITE ? wm + wk : bm + bk;
    if (mine === 0) return encode(0);
    if (wm + wk === 0 || bm + bk === 0) return -1; // the game ended on the move before
    const code = (wm << 9) | (wk << 6) | (bm << 3) | bk;
    let bytes = this.byBytes[code];
    if (bytes === null) {
      bytes = this.data.get(`${wm}${wk}${bm}${bk}`) ?? null;
      if (bytes === null) return -1;
      this.byBytes[code] = bytes;
      this.bySlice[code] = this.slice([wm, wk, bm, bk]);
    }
    const v = bytes[(this.bySlice[code] as Slice).index(board, color)];
    return v === UNUSED ? -1 : v;
  }

  /** probe() counting the pieces itself. */
  probeBoard(board: Int8Array, color: number): number {
    const c = [0, 0, 0, 0];
    for (const v of board) {
      if (v === 0) continue;
      c[((v & BLACK) !== 0 ? 2 : 0) + ((v & KING) !== 0 ? 1 : 0)]++;
    }
    return this.probe(board, color, c[0], c[1], c[2], c[3]);
  }

  /** The tables as one file's bytes: a text header (variant, pieces, slices) then each slice. */
  encode(): Uint8Array {
    const slices = [...this.data].map(([k, b]) => [k, b.length] as const);
    const head = new TextEncoder().encode(
      `${MAGIC}${JSON.stringify({ variant: this.variant.id, pieces: this.pieces, slices })}\n`,
    );
    const total = head.length + slices.reduce((a, [, n]) => a + n, 0);
    const out = new Uint8Array(total);
    out.set(head);
    let at = head.length;
    for (const [, b] of this.data) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  }

  /** Tables from encode()'s bytes; throws on another variant or a malformed file. */
  static decode(variant: Variant, bytes: Uint8Array): EndgameTables {
    const nl = bytes.indexOf(10, MAGIC.length);
    const text = new TextDecoder().decode(bytes.subarray(0, nl + 1));
    if (!text.startsWith(MAGIC) || nl < 0) throw new Error('not an endgame database file');
    const head = JSON.parse(text.slice(MAGIC.length)) as {
      variant: string;
      pieces: number;
      slices: [string, number][];
    };
    if (head.variant !== variant.id)
      throw new Error(`tables of ${head.variant}, not ${variant.id}`);
    const data = new Map<string, Uint8Array>();
    let at = nl + 1;
    for (const [key, n] of head.slices) {
      if (at + n > bytes.length) throw new Error('endgame database file is truncated');
      if (!/^[0-7]{4}$/.test(key)) throw new Error(`bad slice name ${key}`);
      const m = [...key].map(Number) as unknown as Material;
      // Another index layout (or board) would give every probe a wrong answer: refuse it.
      if (new Slice(variant.geometry, m).size !== n) throw new Error(`slice ${key}: wrong size`);
      data.set(key, bytes.subarray(at, at + n));
      at += n;
    }
    return new EndgameTables(variant, head.pieces, data);
  }
}
