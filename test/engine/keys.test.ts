/**
 * The search's incremental state (Zobrist key, piece counts) after make() equals a fresh
 * computation, along random games of every variant (captures, crownings, chains included).
 * It reaches into the engine's private fields on purpose: they are what the TT and the draw
 * rules rely on, and no public call shows them.
 */
import { Engine } from '../../src/engine/index.js';
import { mulberry32 } from '../../src/engine/random.js';
import { hashBoard, PIECE_INDEX, zobristFor } from '../../src/engine/zobrist.js';
import { BLACK, WHITE } from '../../src/rules/board.js';
import type { MoveList } from '../../src/rules/movegen.js';
import { Position } from '../../src/rules/position.js';
import { VARIANT_IDS } from '../../src/rules/types.js';

interface Internals {
  setup(p: Position, counters: null, options: object): void;
  make(list: MoveList, m: number, ply: number): void;
  readonly lists: MoveList[];
  readonly gen: {
    generate(b: Int8Array, c: number, l: MoveList, bb: Int32Array | null): number;
  };
  readonly board: Int8Array;
  readonly bb: Int32Array | null;
  readonly keyLo: Int32Array;
  readonly keyHi: Int32Array;
  readonly base: number;
  readonly count: Int32Array;
}

test.each(VARIANT_IDS.map((v) => [v]))('%s: keys and counts stay in step', (variant) => {
  const start = Position.initial(variant);
  const e = new Engine(start.variant, 1) as unknown as Internals;
  const z = zobristFor(start.variant.geometry.squares);
  for (let seed = 1; seed <= 4; seed++) {
    const rng = mulberry32(seed);
    e.setup(start, null, {});
    let color = start.turn === 'white' ? WHITE : BLACK;
    for (let ply = 0; ply < 120; ply++) {
      const list = e.lists[ply];
      const n = e.gen.generate(e.board, color, list, e.bb);
      if (n === 0) break;
      e.make(list, (rng() >>> 0) % n, ply);
      color = color === WHITE ? BLACK : WHITE;
      const h = hashBoard(z, e.board, color);
      expect([e.keyLo[e.base + ply + 1], e.keyHi[e.base + ply + 1]]).toEqual([h[0], h[1]]);
      const counts = new Int32Array(4);
      for (const v of e.board) if (v !== 0) counts[PIECE_INDEX[v]]++;
      expect(Array.from(e.count)).toEqual(Array.from(counts));
    }
  }
});
