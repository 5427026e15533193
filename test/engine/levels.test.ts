/** Levels: a ramp from 50 ms / depth 2 to 1,000 ms / depth 18; weaker, never blundering. */
import { Engine, LEVELS, level, playLevel } from '../../src/engine/index.js';
import { Position } from '../../src/rules/position.js';
import type { VariantId } from '../../src/rules/types.js';
import { position, sq } from '../rules/helpers.js';
import { legalTwin, randomPositions } from './helpers.js';

test('eight levels, time and depth rising from 50 ms / 2 plies to 1,000 ms / 18 plies', () => {
  expect(LEVELS.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(level(1)).toMatchObject({ movetime: 50, depth: 2 });
  expect(level(8)).toMatchObject({ movetime: 1000, depth: 18, randomMargin: 0 });
  for (let i = 1; i < LEVELS.length; i++) {
    expect(LEVELS[i].movetime).toBeGreaterThan(LEVELS[i - 1].movetime);
    expect(LEVELS[i].depth).toBeGreaterThan(LEVELS[i - 1].depth);
    expect(LEVELS[i].randomMargin).toBeLessThanOrEqual(LEVELS[i - 1].randomMargin);
  }
  expect(level(0)).toBe(LEVELS[0]);
  expect(level(99)).toBe(LEVELS[7]);
});

test.each([['brazilian'], ['international'], ['italian']] as [VariantId][])(
  '%s: levels 1-3 play legal moves within their depth cap',
  (variant) => {
    const engine = new Engine(Position.initial(variant).variant, 1);
    for (const pos of randomPositions(variant, 2, 24)) {
      for (const n of [1, 2, 3]) {
        const r = playLevel(engine, pos, n, n);
        expect(legalTwin(pos, r.bestMove)).toEqual(r.bestMove);
        expect(r.depth).toBeLessThanOrEqual(level(n).depth);
      }
    }
  },
);

test('level 1 picks at random among near-equal moves but never misses a won man', () => {
  const pos = position('english', 'W', ['d4', 'c3', 'f4', 'b2', 'g1'], ['f6', 'd6', 'h8']);
  const engine = new Engine(pos.variant, 1);
  for (let seed = 1; seed <= 6; seed++) {
    const r = playLevel(engine, pos, 1, seed);
    expect([r.bestMove?.from, r.bestMove?.to]).toEqual([sq('english', 'd4'), sq('english', 'e5')]);
  }
  // In the opening, the choice does vary with the seed.
  const start = Position.initial('english');
  const picks = new Set<string>();
  for (let seed = 1; seed <= 12; seed++) {
    const m = playLevel(engine, start, 1, seed).bestMove;
    picks.add(`${m?.from}-${m?.to}`);
  }
  expect(picks.size).toBeGreaterThan(1);
});
