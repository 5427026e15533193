/**
 * Arena pairing waves (src/tournaments/arena/arena-pairing-rules.ts): lila's proximity pairing
 * at the start, then a maximum matching on rank and rating that never pairs last opponents, and
 * colours from each player's history. No timing here: bench/arena-pairing-bench.ts times it.
 */
import {
  couldPlay,
  firstGetsWhite,
  isFirstMoments,
  nextColorHistory,
  pairCost,
  pairWave,
  rankFactor,
  type ArenaPair,
  type ColorHistory,
  type PairingWave,
  type WaitingPlayer,
} from '../../../src/tournaments/arena/arena-pairing-rules.js';

function p(
  id: string,
  rank: number,
  rating = 1500,
  lastOpponentId: string | null = null,
  colors?: ColorHistory,
): WaitingPlayer {
  return { id, rank, rating, lastOpponentId, ...(colors && { colors }) };
}

function wave(waiting: WaitingPlayer[], over: Partial<PairingWave> = {}): PairingWave {
  return { waiting, nbPlayers: 100, firstMoments: false, seed: 'arena1:7', ...over };
}

/** The pairs without colours, each sorted, the list sorted: what the matching chose. */
function matchOf(pairs: ArenaPair[]): string[] {
  return pairs.map((pair) => [...pair].sort().join('-')).sort();
}

describe('pairWave', () => {
  test.each<[string, WaitingPlayer[], Partial<PairingWave>, string[]]>([
    ['nobody', [], {}, []],
    ['one player waits', [p('a', 1)], {}, []],
    [
      'first moments: neighbours by rank, whatever the order given',
      [p('d', 4), p('a', 1), p('c', 3), p('b', 2), p('e', 5)],
      { firstMoments: true },
      ['a-b', 'c-d'],
    ],
    [
      'later: the nearest ranks play',
      [p('d', 4), p('a', 1), p('c', 3), p('b', 2)],
      {},
      ['a-b', 'c-d'],
    ],
    [
      'never last opponents again',
      [p('a', 1, 1500, 'b'), p('b', 2, 1500, 'a'), p('c', 3, 1500, 'd'), p('d', 4, 1500, 'c')],
      {},
      ['a-c', 'b-d'],
    ],
    [
      'a last opponent named by one side only still counts',
      [p('a', 1, 1500, 'b'), p('b', 2), p('c', 3)],
      {},
      ['b-c'],
    ],
    [
      'as many pairs as possible, before the cheapest pair (b-c)',
      [p('a', 1, 1500, 'b'), p('b', 2), p('c', 3, 1500, 'd'), p('d', 4, 1500, 'a')],
      {},
      ['a-c', 'b-d'],
    ],
    [
      'the last two of a small arena play again',
      [p('a', 1, 1500, 'b'), p('b', 2, 1500, 'a')],
      { nbPlayers: 12 },
      ['a-b'],
    ],
    [
      'the last two of a bigger arena wait',
      [p('a', 1, 1500, 'b'), p('b', 2, 1500, 'a')],
      { nbPlayers: 13 },
      [],
    ],
    [
      'of three, the cheapest pair by rank and rating',
      [p('a', 2, 1500), p('b', 1, 1900), p('c', 3, 1520)],
      {},
      ['a-c'],
    ],
    [
      'two players with three whites running do not meet',
      [
        p('a', 1, 1500, null, { strike: 3, balance: 3 }),
        p('b', 2, 1500, null, { strike: 3, balance: 3 }),
        p('c', 3, 1500, null, { strike: -1, balance: -1 }),
      ],
      {},
      ['b-c'],
    ],
  ])('%s', (_name, waiting, over, expected) => {
    expect(matchOf(pairWave(wave(waiting, over)))).toEqual(expected);
  });

  test('a big wave: everyone once, no last opponents, all paired', () => {
    const n = 1000;
    const waiting = Array.from({ length: n }, (_, i) =>
      p(`p${i}`, i + 1, 1000 + ((i * 7919) % 1000), i % 2 ? `p${i - 1}` : `p${i + 1}`),
    );
    const pairs = pairWave(wave(waiting, { nbPlayers: n }));
    expect(pairs).toHaveLength(n / 2);
    const seen = new Set(pairs.flat());
    expect(seen.size).toBe(n);
    const last = new Map(waiting.map((w) => [w.id, w.lastOpponentId]));
    for (const [w, b] of pairs) expect(last.get(w)).not.toBe(b);
  });

  test('the same wave and seed pair the same', () => {
    const waiting = Array.from({ length: 40 }, (_, i) => p(`p${i}`, i + 1, 1500 + i * 3));
    expect(pairWave(wave(waiting))).toEqual(pairWave(wave([...waiting].reverse())));
  });
});

describe('colours', () => {
  test.each<[string, ColorHistory, ColorHistory, boolean]>([
    ['blacks running get white', { strike: -2, balance: -2 }, { strike: 1, balance: 1 }, true],
    ['whites running get black', { strike: 2, balance: 2 }, { strike: -1, balance: 0 }, false],
    [
      'same run: fewer whites overall get white',
      { strike: 1, balance: -1 },
      { strike: 1, balance: 1 },
      true,
    ],
  ])('%s', (_name, a, b, aWhite) => {
    expect(firstGetsWhite(p('a', 1, 1500, null, a), p('b', 2, 1500, null, b), 's')).toBe(aWhite);
    expect(firstGetsWhite(p('b', 2, 1500, null, b), p('a', 1, 1500, null, a), 's')).toBe(!aWhite);
  });

  test('equal histories: a toss from the seed, the same whichever comes first', () => {
    const outcomes = new Set<boolean>();
    for (let i = 0; i < 32; i++) {
      const a = p('a', 1);
      const b = p('b', 2);
      const ab = firstGetsWhite(a, b, `seed${i}`);
      expect(firstGetsWhite(b, a, `seed${i}`)).toBe(!ab);
      expect(firstGetsWhite(a, b, `seed${i}`)).toBe(ab);
      outcomes.add(ab);
    }
    expect([...outcomes].sort()).toEqual([false, true]);
  });

  test('a pair is [white, black]', () => {
    const pairs = pairWave(
      wave([
        p('a', 1, 1500, null, { strike: 2, balance: 2 }),
        p('b', 2, 1500, null, { strike: -1, balance: -1 }),
      ]),
    );
    expect(pairs).toEqual([['b', 'a']]);
  });

  test.each<[ColorHistory, 'white' | 'black', ColorHistory]>([
    [{ strike: 0, balance: 0 }, 'white', { strike: 1, balance: 1 }],
    [{ strike: 2, balance: 1 }, 'white', { strike: 3, balance: 2 }],
    [{ strike: 2, balance: 1 }, 'black', { strike: -1, balance: 0 }],
    [{ strike: -2, balance: -2 }, 'black', { strike: -3, balance: -3 }],
    [{ strike: -2, balance: -2 }, 'white', { strike: 1, balance: -1 }],
  ])('%o + %s = %o', (h, color, next) => {
    expect(nextColorHistory(h, color)).toEqual(next);
  });

  test.each<[number, number, boolean]>([
    [3, 3, false],
    [-3, -3, false],
    [3, 2, true],
    [3, -3, true],
    [-4, -2, true],
    [0, 0, true],
  ])('strikes %i and %i could play: %s', (a, b, ok) => {
    expect(couldPlay({ strike: a, balance: 0 }, { strike: b, balance: 0 })).toBe(ok);
  });
});

describe('costs', () => {
  test.each<[number, number, number, number]>([
    [100, 1, 2, 1983],
    [100, 50, 60, 1150],
    [100, 100, 99, 317],
    [1, 1, 1, 300],
  ])('max rank %i, ranks %i v %i: %i a place', (maxRank, a, b, factor) => {
    expect(rankFactor(maxRank, a, b)).toBe(factor);
  });

  test('cost: rank gap by its factor plus the rating gap; null for last opponents', () => {
    expect(pairCost(p('a', 1, 1500), p('b', 3, 1600), 10)).toBe(2 * 1830 + 100);
    expect(pairCost(p('a', 1, 1500, 'b'), p('b', 3, 1600), 10)).toBeNull();
  });
});

describe('isFirstMoments', () => {
  const start = new Date('2026-11-27T10:00:00Z');
  test.each<[number, boolean]>([
    [-1000, false],
    [0, true],
    [14_999, true],
    [15_000, false],
  ])('%i ms after the start: %s', (ms, first) => {
    expect(isFirstMoments(start, new Date(start.getTime() + ms))).toBe(first);
  });
});

describe('the matching is optimal (against every matching of small waves)', () => {
  /** The best (most pairs, then least total cost) by trying every matching. */
  function bruteForce(players: WaitingPlayer[]): { size: number; cost: number } {
    const maxRank = Math.max(...players.map((x) => x.rank));
    let best = { size: 0, cost: 0 };
    const go = (rest: WaitingPlayer[], size: number, cost: number): void => {
      if (size > best.size || (size === best.size && cost < best.cost)) best = { size, cost };
      if (rest.length < 2) return;
      const [first, ...others] = rest as [WaitingPlayer, ...WaitingPlayer[]];
      go(others, size, cost); // first stays unpaired
      others.forEach((o, i) => {
        const c = pairCost(first, o, maxRank);
        if (c !== null)
          go(
            others.filter((_, j) => j !== i),
            size + 1,
            cost + c,
          );
      });
    };
    go(players, 0, 0);
    return best;
  }

  test.each(Array.from({ length: 40 }, (_, i) => i))('random wave %i', (seed) => {
    let x = seed * 2654435761 + 1;
    const rnd = (k: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x % k;
    };
    const n = 3 + rnd(6);
    const players = Array.from({ length: n }, (_, i) => ({
      id: `p${i}`,
      rank: 1 + i * (1 + rnd(3)),
      rating: 1200 + rnd(800),
      lastOpponentId: rnd(3) === 0 ? `p${rnd(n)}` : null,
      colors: { strike: rnd(7) - 3, balance: 0 },
    }));
    const maxRank = Math.max(...players.map((q) => q.rank));
    const byId = new Map(players.map((q) => [q.id, q]));
    const pairs = pairWave(wave(players, { nbPlayers: 50 }));
    const cost = pairs.reduce((s, [w, b]) => s + pairCost(byId.get(w)!, byId.get(b)!, maxRank)!, 0);
    expect({ size: pairs.length, cost }).toEqual(bruteForce(players));
  });
});
