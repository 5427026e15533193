/**
 * The maximum-weight matching (both twins: BigInt and float64) against brute force on small
 * random graphs, with and without the maximum-cardinality requirement.
 */
import { maxWeightMatchingNumber } from '../../../src/tournaments/swiss/weighted-matching-number.js';
import { maxWeightMatching } from '../../../src/tournaments/swiss/weighted-matching.js';

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type E = { u: number; v: number; w: number };

/** Best (cardinality, weight) over all matchings, by brute force. */
function brute(n: number, edges: E[], maxCard: boolean): [number, number] {
  let best: [number, number] = [0, 0];
  const used = new Array<boolean>(n).fill(false);
  const go = (k: number, card: number, weight: number): void => {
    const better = maxCard
      ? card > best[0] || (card === best[0] && weight > best[1])
      : weight > best[1];
    if (better) best = [card, weight];
    for (let i = k; i < edges.length; i++) {
      const e = edges[i]!;
      if (used[e.u] || used[e.v]) continue;
      used[e.u] = used[e.v] = true;
      go(i + 1, card + 1, weight + e.w);
      used[e.u] = used[e.v] = false;
    }
  };
  go(0, 0, 0);
  return best;
}

function score(mate: number[], edges: E[]): [number, number] {
  let card = 0;
  let weight = 0;
  for (const e of edges) {
    if (mate[e.u] === e.v) {
      expect(mate[e.v]).toBe(e.u);
      card++;
      weight += e.w;
    }
  }
  return [card, weight];
}

test.each(Array.from({ length: 40 }, (_, i) => i))('random graph %i', (seed) => {
  const random = rng(seed + 1);
  const n = 3 + Math.floor(random() * 6);
  const edges: E[] = [];
  for (let u = 0; u < n; u++) {
    for (let v = u + 1; v < n; v++) {
      if (random() < 0.6) edges.push({ u, v, w: Math.floor(random() * 20) });
    }
  }
  for (const maxCard of [false, true]) {
    const want = brute(n, edges, maxCard);
    const asBig = edges.map((e) => ({ u: e.u, v: e.v, w: BigInt(e.w) }));
    const got = score(maxWeightMatching(n, asBig, maxCard), edges);
    const gotNumber = score(maxWeightMatchingNumber(n, edges, maxCard), edges);
    if (maxCard) {
      expect(got).toEqual(want);
      expect(gotNumber).toEqual(want);
    } else {
      expect(got[1]).toBe(want[1]);
      expect(gotNumber[1]).toBe(want[1]);
    }
  }
});

test('BigInt weights beyond 2^53 keep their order', () => {
  const big = 1n << 80n;
  // A path a-b-c-d: the middle edge alone outweighs the two ends by one.
  const edges = [
    { u: 0, v: 1, w: big },
    { u: 1, v: 2, w: 2n * big + 1n },
    { u: 2, v: 3, w: big },
  ];
  expect(maxWeightMatching(4, edges, false)).toEqual([-1, 2, 1, -1]);
  expect(maxWeightMatching(4, edges, true)).toEqual([1, 0, 3, 2]);
});
