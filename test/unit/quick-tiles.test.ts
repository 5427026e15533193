/** The lobby's quick-pairing tiles: lichess's clocks, each rated in the speed its caption says. */
import { QUICK_TILES, tileSpeed } from '../../client/src/pages/lobby/quick-tiles.js';

test.each([
  ['1+0', 60_000, 0, 'bullet'],
  ['3+0', 180_000, 0, 'blitz'],
  ['3+2', 180_000, 2000, 'blitz'],
  ['5+0', 300_000, 0, 'blitz'],
  ['5+3', 300_000, 3000, 'blitz'],
  ['10+0', 600_000, 0, 'rapid'],
  ['10+5', 600_000, 5000, 'rapid'],
  ['15+10', 900_000, 10_000, 'rapid'],
  ['30+0', 1_800_000, 0, 'classical'],
])('%s: %d ms + %d ms, %s', (id, initial, increment, speed) => {
  const tile = QUICK_TILES.find((t) => t.id === id)!;
  expect([tile.clock, tile.days, tileSpeed(tile)]).toEqual([{ initial, increment }, null, speed]);
});

test('correspondence: a seek of 2 days a move; ten clocks, each once', () => {
  const corr = QUICK_TILES.find((t) => t.id === 'corr')!;
  expect([corr.clock, corr.days, tileSpeed(corr)]).toEqual([null, 2, 'correspondence']);
  expect(new Set(QUICK_TILES.map((t) => t.id)).size).toBe(10);
});
