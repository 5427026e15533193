/**
 * The search's incremental state (Zobrist key, piece counts) after make() equals a fresh
 * computation, along random games of every variant (captures, crownings, chains included);
 * in frisian the key includes the king runs, which must match the Position's own.
 * It reaches into the engine's private fields on purpose: they are what the TT and the draw
 * rules rely on, and no public call shows them.
 */
import { Engine } from '../../src/engine/index.js';
import { mulberry32 } from '../../src/engine/random.js';
import { hashBoard, hashRuns, PIECE_INDEX, zobristFor } from '../../src/engine/zobrist.js';
import { BLACK, WHITE } from '../../src/rules/board.js';
import type { MoveList } from '../../src/rules/movegen.js';
import { Position, toMove } from '../../src/rules/position.js';
import { VARIANT_IDS } from '../../src/rules/types.js';

interface Internals {
  setup(p: Position, counters: null, options: object): void;
  make(list: MoveList, m: number, ply: number): void;
  moves(color: number, list: MoveList, frozen: number, store: boolean): number;
  frozen(color: number, ply: number): number;
  readonly lists: MoveList[];
  readonly board: Int8Array;
  readonly bb: Int32Array | null;
  readonly keyLo: Int32Array;
  readonly keyHi: Int32Array;
  readonly base: number;
  readonly count: Int32Array;
}

/** Frisian from kings and men: its king runs come into play (a king barred within 120 plies). */
const KINGS_AND_MEN = 'W:WK28,46,47,48:BK23,1,2,3';

test.each(VARIANT_IDS.map((v) => [v]))('%s: keys and counts stay in step', (variant) => {
  const kings = variant === 'frisian';
  const initial = Position.initial(variant);
  const e = new Engine(initial.variant, 1) as unknown as Internals;
  const z = zobristFor(initial.variant.geometry.squares);
  let barred = 0;
  for (let seed = 1; seed <= (kings ? 8 : 4); seed++) {
    const fen = kings && seed > 4 ? Position.fromFen(variant, KINGS_AND_MEN) : null;
    const start = fen?.ok ? fen.value : initial;
    const rng = mulberry32(seed);
    e.setup(start, null, {});
    let pos = start;
    let color = start.turn === 'white' ? WHITE : BLACK;
    for (let ply = 0; ply < 120; ply++) {
      const list = e.lists[ply];
      const frozen = e.frozen(color, ply);
      if (frozen >= 0) barred++;
      const n = e.moves(color, list, frozen, true);
      expect(n).toBe(pos.moveCount());
      if (n === 0) break;
      const m = (rng() >>> 0) % n;
      pos = pos.play(toMove(list, m));
      e.make(list, m, ply);
      color = color === WHITE ? BLACK : WHITE;
      const h = hashRuns(z, pos.kingRuns, hashBoard(z, e.board, color));
      expect([e.keyLo[e.base + ply + 1], e.keyHi[e.base + ply + 1]]).toEqual([h[0], h[1]]);
      const counts = new Int32Array(4);
      for (const v of e.board) if (v !== 0) counts[PIECE_INDEX[v]]++;
      expect(Array.from(e.count)).toEqual(Array.from(counts));
    }
  }
  if (kings) expect(barred).toBeGreaterThan(0);
});
