/** The scripted players that measure the low levels (bench/engine-match/scripted-players.ts). */
import {
  capturedValue,
  greedy,
  leavesHanging,
  material,
  safeGreedy,
  SCRIPTED,
  twoPly,
} from '../../bench/engine-match/scripted-players.js';
import { mulberry32 } from '../../src/engine/random.js';
import type { Move, Position } from '../../src/rules/index.js';
import { position, sq } from '../rules/helpers.js';
import { legalTwin, randomPositions } from './helpers.js';

const B = (name: string) => sq('brazilian', name);
const path = (m: Move) => m.path.join('-');
/** The distinct moves a player picks over 40 seeds. */
function picks(player: (p: Position, r: ReturnType<typeof mulberry32>) => Move, pos: Position) {
  const seen = new Set<string>();
  for (let seed = 1; seed <= 40; seed++) seen.add(path(player(pos, mulberry32(seed))));
  return seen;
}

test('material and captured value: men 1, kings 3', () => {
  const pos = position('brazilian', 'W', ['c3', 'g3'], ['d4', 'Kf4', 'h8']);
  expect(material(pos, 'white')).toBe(2 - 5);
  expect(material(pos, 'black')).toBe(5 - 2);
  const values = pos.legalMoves().map((m) => [m.captures[0], capturedValue(pos, m)]);
  expect(values).toEqual(
    expect.arrayContaining([
      [B('d4'), 1],
      [B('f4'), 3],
    ]),
  );
});

test('greedy takes the biggest capture: the king, never the man', () => {
  const pos = position('brazilian', 'W', ['c3', 'g3'], ['d4', 'Kf4', 'h8']);
  expect(picks(greedy, pos)).toEqual(new Set([`${B('g3')}-${B('e5')}`]));
});

test('greedy moves at random without a capture; safe-greedy never leaves a piece hanging', () => {
  // d4-e5 lets f6 take it; a1-b2 and d4-c5 leave nothing to take.
  const pos = position('brazilian', 'W', ['a1', 'd4'], ['f6']);
  const hanging = `${B('d4')}-${B('e5')}`;
  expect(
    pos
      .legalMoves()
      .filter((m) => leavesHanging(pos, m))
      .map(path),
  ).toEqual([hanging]);
  const g = picks(greedy, pos);
  expect(g.size).toBe(3);
  const s = picks(safeGreedy, pos);
  expect(s).toEqual(new Set([`${B('a1')}-${B('b2')}`, `${B('d4')}-${B('c5')}`]));
});

test('safe-greedy still moves when every move leaves a piece hanging', () => {
  const pos = position('brazilian', 'W', ['d4'], ['b6', 'f6']);
  expect(pos.legalMoves().every((m) => leavesHanging(pos, m))).toBe(true);
  expect(picks(safeGreedy, pos).size).toBe(2);
});

test('two-ply sees the reply: of two captures, the one not taken back', () => {
  // The man on d4 can be taken from c3 (landing on e5, where f6 takes back) or from e3 (landing
  // on c5, safe).
  const pos = position('brazilian', 'W', ['c3', 'e3'], ['d4', 'f6', 'g7']);
  const moves = pos.legalMoves();
  expect(moves.map(path).sort()).toEqual([`${B('c3')}-${B('e5')}`, `${B('e3')}-${B('c5')}`].sort());
  expect(picks(greedy, pos).size).toBe(2);
  expect(picks(twoPly, pos)).toEqual(new Set([`${B('e3')}-${B('c5')}`]));
});

test('two-ply takes a move that leaves the opponent no move', () => {
  // Black's only man, on a7, is blocked once White plays a5-b6 (c5 guards the capture).
  const pos = position('brazilian', 'W', ['a5', 'c5'], ['a7']);
  expect(picks(greedy, pos).size).toBe(3);
  expect(picks(twoPly, pos)).toEqual(new Set([`${B('a5')}-${B('b6')}`]));
});

test.each([['brazilian'], ['international']] as const)(
  '%s: every scripted player plays a legal move in random positions, replayably',
  (variant) => {
    for (const pos of randomPositions(variant, 6, 20)) {
      for (const player of Object.values(SCRIPTED)) {
        const a = player(pos, mulberry32(5));
        expect(legalTwin(pos, a)).toEqual(a);
        expect(player(pos, mulberry32(5))).toEqual(a);
      }
    }
  },
);
