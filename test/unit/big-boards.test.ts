/**
 * The boards beyond 50 squares at the edge: canadian's 12x12 (72 squares, files a-l, ranks
 * 1-12) and turkish's all 64 squares. Moves written either way read back as the same move, a
 * game goes through PDN with its GameType, and the edge's square check takes every square.
 */
import {
  advance,
  makePdn,
  outcome,
  parseMoveText,
  parsePdn,
  Position,
  startProgress,
  type VariantId,
} from '../../src/rules/index.js';
import { moveTextSquares } from '../../src/rules/notation.js';
import { moveText, notationOf } from '../../src/rules/pdn-import-rules.js';
import { MAX_SQUARE, square } from '../../src/common/validation.js';

/** A game of `plies` moves picked by a fixed pseudo-random sequence (the same every run). */
function game(variant: VariantId, plies: number) {
  let seed = 7;
  const pick = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  let g = startProgress(Position.initial(variant));
  const steps: { position: Position; move: ReturnType<Position['legalMoves']>[number] }[] = [];
  for (let i = 0; i < plies && outcome(g) === null; i++) {
    const moves = g.position.legalMoves();
    const move = moves[pick(moves.length)];
    steps.push({ position: g.position, move });
    g = advance(g, move);
  }
  return { steps, end: g };
}

test('canadian squares are read by name on files a-l and ranks 1-12', () => {
  const pos = Position.initial('canadian');
  // White's front man on a5 (square 43) steps to b6 (37); square 1 is b12, 6 is l12, 72 is k1.
  const m = parseMoveText(pos, 'a5-b6');
  expect(m.ok && m.value.path).toEqual([43, 37]);
  expect(notationOf('l4-k5')).toBe('alphanumeric');
  // Ranks 10-12 are read as two digits (a square named, not a text refused): l12 is square 6.
  expect(moveTextSquares(pos.variant.geometry, 'l12-k11')).toEqual({ ok: true, value: [6, 12] });
  expect(moveTextSquares(pos.variant.geometry, 'm1-l2').ok).toBe(false);
});

test.each(['canadian', 'turkish', 'frisian', 'thai'] as const)(
  '%s: every move, numeric and alphanumeric, reads back as itself',
  (variant) => {
    const { steps } = game(variant, 120);
    expect(steps.length).toBeGreaterThan(30);
    for (const { position, move } of steps) {
      for (const notation of ['numeric', 'alphanumeric'] as const) {
        const read = parseMoveText(position, moveText(position, move, notation));
        expect([notation, read.ok && read.value.path]).toEqual([notation, move.path]);
      }
    }
  },
);

test.each([
  ['frisian', '40'],
  ['frysk', '97'],
  ['antidraughts', '98'],
  ['breakthrough', '96'],
  ['canadian', '27'],
  ['thai', '31'],
  ['turkish', '30'],
] as const)('%s goes through PDN with GameType %s', (variant, gameType) => {
  const { steps, end } = game(variant, 80);
  const pdn = makePdn({
    variant: Position.initial(variant).variant,
    moves: steps.map((s) => s.move),
    result: outcome(end),
  });
  expect(pdn).toContain(`[GameType "${gameType}"]`);
  // Read with another variant as the hint: the tag decides.
  const read = parsePdn(pdn, 'brazilian');
  expect(read.ok && read.value.variant.id).toBe(variant);
  expect(read.ok && read.value.positions.at(-1)?.fen).toBe(end.position.fen);
});

test('the edge takes square numbers up to canadian 72, and no more', () => {
  expect(MAX_SQUARE).toBe(72);
  expect(square.safeParse(72).success).toBe(true);
  expect(square.safeParse(64).success).toBe(true);
  expect(square.safeParse(73).success).toBe(false);
});
