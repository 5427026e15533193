/**
 * Random playouts: every generated move must be findable by its path and by from/to (or be
 * reported ambiguous), apply cleanly, and every position's FEN must round-trip.
 */
import fc from 'fast-check';
import { advance, outcome, startProgress } from '../../src/rules/outcome.js';
import { Position } from '../../src/rules/position.js';
import { VARIANT_IDS, type VariantId } from '../../src/rules/types.js';
import { getVariant } from '../../src/rules/variants/index.js';
import { unwrap } from '../../src/rules/errors.js';

/** A small seeded PRNG (mulberry32) so a failure replays exactly. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function playout(variant: VariantId, seed: number, maxPlies: number): void {
  const rand = rng(seed);
  let game = startProgress(Position.initial(variant));
  for (let ply = 0; ply < maxPlies && outcome(game) === null; ply++) {
    const pos = game.position;
    const again = unwrap(Position.fromFen(variant, pos.fen));
    expect(again.fen).toBe(pos.fen);
    const moves = pos.legalMoves();
    expect(moves.length).toBeGreaterThan(0);
    const captureLen = moves[0].captures.length;
    for (const m of moves) {
      // Mandatory capture: all moves capture, or none does.
      expect(m.captures.length > 0).toBe(captureLen > 0);
      expect(m.path[0]).toBe(m.from);
      expect(m.path[m.path.length - 1]).toBe(m.to);
      const byPath = pos.findMove({ path: m.path });
      expect(byPath.ok && byPath.value.captures).toEqual(m.captures);
      const byEnds = pos.findMove({ from: m.from, to: m.to });
      if (!byEnds.ok) expect(byEnds.error.code).toBe('AMBIGUOUS_MOVE');
      const next = pos.play(m);
      expect(next.turn).not.toBe(pos.turn);
      for (const c of m.captures) expect(next.pieceAt(c)).toBeNull();
      expect(next.pieceAt(m.to)?.color).toBe(pos.turn);
    }
    game = advance(game, moves[Math.floor(rand() * moves.length)]);
  }
}

/** npm run test:slow (CI's deep suite) plays the full count; npm test a third of it. */
const slow = process.env.DAMAS_SLOW === '1';

describe('random playouts', () => {
  // Canadian's 60 pieces make its games the slowest to check move by move: fewer of them.
  const games = (v: VariantId) => (v === 'canadian' ? (slow ? 4 : 1) : slow ? 12 : 4);
  test.each(VARIANT_IDS.map((v) => [v, games(v)] as const))(
    '%s: %i games of up to 200 plies',
    (variant, n) => {
      for (let seed = 1; seed <= n; seed++) playout(variant, seed * 7919, 200);
    },
  );
});

describe('FEN round trip (property)', () => {
  test.each(VARIANT_IDS.map((v) => [v]))('%s: make(parse(fen)) is canonical', (variant) => {
    const g = getVariant(variant).geometry;
    const n = g.squares;
    const perRow = n / g.size;
    const piece = fc.constantFrom('', 'W', 'WK', 'B', 'BK');
    fc.assert(
      fc.property(fc.array(piece, { minLength: n, maxLength: n }), fc.boolean(), (cells, white) => {
        // Men never stand on their own promotion row.
        const fixed = cells.map((c, i) =>
          (c === 'W' && i < perRow) || (c === 'B' && i >= n - perRow) ? c + 'K' : c,
        );
        const list = (side: string) =>
          fixed
            .map((c, i) => (c.startsWith(side) ? `${c.endsWith('K') ? 'K' : ''}${i + 1}` : ''))
            .filter(Boolean)
            .join(',');
        const fen = `${white ? 'W' : 'B'}:W${list('W')}:B${list('B')}`;
        const pos = unwrap(Position.fromFen(variant, fen));
        expect(pos.fen).toBe(fen);
        expect(unwrap(Position.fromFen(variant, pos.fen)).fen).toBe(fen);
        // Board contents survive the trip.
        for (let s = 1; s <= n; s++) {
          const c = fixed[s - 1];
          const p = pos.pieceAt(s);
          expect(p === null ? '' : (p.color === 'white' ? 'W' : 'B') + (p.king ? 'K' : '')).toBe(c);
        }
      }),
      { numRuns: 200 },
    );
  });
});
