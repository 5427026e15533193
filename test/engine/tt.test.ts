/** The transposition table and the Zobrist keys. */
import { EXACT, LOWER, TranspositionTable } from '../../src/engine/tt.js';
import { hashBoard, zobristFor } from '../../src/engine/zobrist.js';
import { BLACK, WHITE } from '../../src/rules/board.js';
import { Position } from '../../src/rules/position.js';

describe('transposition table', () => {
  test('size in MB rounds down to a power of two of slots', () => {
    const tt = new TranspositionTable(1);
    expect(tt.size & (tt.size - 1)).toBe(0);
    expect(tt.size * 11).toBeLessThanOrEqual(1024 * 1024);
  });

  test('stores and finds an entry; another key in the slot is not found', () => {
    const tt = new TranspositionTable(1);
    tt.store(12345, 777, 5, EXACT, -42, 3 | (7 << 6));
    const e = tt.probe(12345, 777);
    expect(e).toBeGreaterThanOrEqual(0);
    expect([tt.depth[e], tt.flag[e], tt.score[e], tt.move[e]]).toEqual([5, EXACT, -42, 451]);
    expect(tt.probe(12345, 778)).toBe(-1);
  });

  test('a bucket keeps the deeper entry of this search and replaces an older search first', () => {
    const tt = new TranspositionTable(1);
    const lo = 64; // all three keys share a bucket
    tt.store(lo, 1, 9, LOWER, 10, -1);
    tt.store(lo, 2, 2, LOWER, 20, -1);
    tt.store(lo, 3, 4, LOWER, 30, -1); // evicts the shallower one (key 2)
    expect(tt.probe(lo, 1)).toBeGreaterThanOrEqual(0);
    expect(tt.probe(lo, 2)).toBe(-1);
    expect(tt.probe(lo, 3)).toBeGreaterThanOrEqual(0);
    tt.nextSearch();
    tt.store(lo, 1, 9, LOWER, 10, -1); // key 1 refreshed: key 3 is now the older one
    tt.store(lo, 4, 1, LOWER, 40, -1);
    expect(tt.probe(lo, 3)).toBe(-1);
    expect(tt.probe(lo, 4)).toBeGreaterThanOrEqual(0);
  });
});

describe('zobrist keys', () => {
  test('equal positions hash equal; side to move and each piece change the key', () => {
    const z = zobristFor(32);
    const start = Position.initial('english');
    const a = Array.from(hashBoard(z, start.board, BLACK));
    expect(Array.from(hashBoard(z, Int8Array.from(start.board), BLACK))).toEqual(a);
    expect(Array.from(hashBoard(z, start.board, WHITE))).not.toEqual(a);
    const moved = start.play(start.legalMoves()[0]);
    expect(Array.from(hashBoard(z, moved.board, BLACK))).not.toEqual(a);
  });
});
