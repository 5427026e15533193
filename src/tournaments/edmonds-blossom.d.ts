/**
 * Types for `edmonds-blossom` (CommonJS, no types of its own): Joris van Rantwijk's maximum-weight
 * matching (Galil's O(n^3) blossom algorithm) ported to JavaScript.
 */
declare module 'edmonds-blossom' {
  /**
   * The maximum-weight matching of an undirected graph given as edges `[i, j, weight]` on
   * vertices 0..n-1; with `maxCardinality`, the heaviest among the matchings of maximum size.
   * Returns `mate`: mate[v] is v's partner, or -1 when v is unmatched.
   */
  export default function blossom(
    edges: ReadonlyArray<readonly [number, number, number]>,
    maxCardinality?: boolean,
  ): number[];
}
