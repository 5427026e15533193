/**
 * Blocks in every pairing (pure): src/blocks/block-rules.ts, and the queue's (casual and rated),
 * the arena's waves and the Swiss Dutch pairing given blocked pairs: never paired, whichever
 * of the two blocked the other; without blocks each pairs exactly as before.
 */
import { forbidsOf, NOBODY, pairKey } from '../../src/blocks/block-rules.js';
import {
  pairByRating,
  pairInOrder,
  type RatedTicket,
} from '../../src/matchmaking/rating-window.js';
import {
  pairWave,
  type ArenaPair,
  type WaitingPlayer,
} from '../../src/tournaments/arena/arena-pairing-rules.js';
import {
  pairDutch,
  pairKeepingApart,
  type PairingInput,
} from '../../src/tournaments/swiss/index.js';

const ids = <T extends { id: string }>(pairs: [T, T][]) => pairs.map(([a, b]) => `${a.id}-${b.id}`);

test.each([
  ['a', 'b', 'a|b'],
  ['b', 'a', 'a|b'],
])('pairKey(%s, %s) is %s whatever the order', (a, b, key) => {
  expect(pairKey(a, b)).toBe(key);
});

test.each<[string, [string, string][], string, string, boolean]>([
  ['no blocks', [], 'a', 'b', false],
  ['a blocks b, asked a-b', [['a', 'b']], 'a', 'b', true],
  ['a blocks b, asked b-a', [['a', 'b']], 'b', 'a', true],
  ['a blocks b, asked a-c', [['a', 'b']], 'a', 'c', false],
])('forbidsOf: %s', (_, rows, a, b, forbidden) => {
  expect(forbidsOf(rows)(a, b)).toBe(forbidden);
});

describe('the queue', () => {
  const t = (id: string, rating = 1500, since = 0): RatedTicket => ({ id, rating, since });
  test.each<[string, string[], [string, string][], string[]]>([
    ['without blocks: oldest two by two', ['a', 'b', 'c', 'd'], [], ['a-b', 'c-d']],
    ['a blocked pair: the next one', ['a', 'b', 'c'], [['b', 'a']], ['a-c']],
    ['both ways round', ['a', 'b', 'c', 'd'], [['a', 'b']], ['a-c', 'b-d']],
    ['nobody else: nobody paired', ['a', 'b'], [['a', 'b']], []],
  ])('casual: %s', (_, tickets, blocks, pairs) => {
    expect(
      ids(
        pairInOrder(
          tickets.map((id) => ({ id })),
          forbidsOf(blocks),
        ),
      ),
    ).toEqual(pairs);
  });
  test('rated: the closest rating it may meet', () => {
    const tickets = [t('a', 1500), t('b', 1510), t('c', 1550)];
    expect(ids(pairByRating(tickets, 0))).toEqual(['a-b']);
    expect(ids(pairByRating(tickets, 0, forbidsOf([['a', 'b']])))).toEqual(['a-c']);
    expect(ids(pairByRating(tickets, 0, NOBODY))).toEqual(['a-b']);
  });
});

describe('arena waves', () => {
  const p = (id: string, rank: number): WaitingPlayer => ({
    id,
    rank,
    rating: 1500,
    lastOpponentId: null,
  });
  const match = (pairs: ArenaPair[]) => pairs.map((x) => [...x].sort().join('-')).sort();
  const four = [p('a', 1), p('b', 2), p('c', 3), p('d', 4)];
  test.each<[string, WaitingPlayer[], boolean, number, [string, string][], string[]]>([
    ['first moments', four, true, 100, [], ['a-b', 'c-d']],
    ['first moments, a blocks b', four, true, 100, [['a', 'b']], ['a-c', 'b-d']],
    ['later', four, false, 100, [], ['a-b', 'c-d']],
    ['later, b blocks a', four, false, 100, [['b', 'a']], ['a-c', 'b-d']],
    [
      'a small arena pairs its last two, unless blocked',
      [p('a', 1), p('b', 2)],
      false,
      2,
      [['a', 'b']],
      [],
    ],
  ])('%s', (_, waiting, firstMoments, nbPlayers, blocks, pairs) => {
    const wave = { waiting, nbPlayers, firstMoments, seed: 's', forbids: forbidsOf(blocks) };
    expect(match(pairWave(wave))).toEqual(pairs);
  });
});

describe('Swiss (Dutch): a forbidden pair as if it had met', () => {
  const input = (forbidden?: [number, number][]): PairingInput => ({
    players: [1, 2, 3, 4].map((id) => ({ id, score: 0, history: [], absent: false })),
    round: 1,
    totalRounds: 3,
    initialColour: 'white',
    ...(forbidden && { forbidden }),
  });
  const pairs = (i: PairingInput) => {
    const r = pairDutch(i);
    if (!r.ok) throw new Error(r.reason);
    return r.pairs.map((x) => [x.white, x.black].sort().join('-')).sort();
  };
  test.each<[string, [number, number][] | undefined, string[]]>([
    ['none: FIDE round 1 (1-3, 2-4)', undefined, ['1-3', '2-4']],
    ['1 and 3 kept apart', [[1, 3]], ['1-4', '2-3']],
    ['either order', [[3, 1]], ['1-4', '2-3']],
  ])('%s', (_, forbidden, expected) => {
    expect(pairs(input(forbidden))).toEqual(expected);
  });
  test('no pairing keeps them apart (two players): paired anyway, the event goes on', async () => {
    const two: PairingInput = { ...input([[1, 2]]), players: input().players.slice(0, 2) };
    expect(pairDutch(two).ok).toBe(false);
    const r = await pairKeepingApart(two, pairDutch);
    expect(r.ok && r.pairs.map((x) => [x.white, x.black].sort().join('-'))).toEqual(['1-2']);
  });
});
