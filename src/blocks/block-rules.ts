/**
 * Blocks, pure: a blocked pair is one whichever of the two blocks the other, so pairings (the
 * queue, arenas, Swiss) ask one question of a set of unordered pairs.
 */

/** An unordered pair's key: the same for (a, b) and (b, a). */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Whether two players may meet: never when one of them blocks the other. */
export type Forbids = (a: string, b: string) => boolean;

/** A Forbids over the given (blocker, blocked) rows, in either direction. */
export function forbidsOf(pairs: Iterable<readonly [string, string]>): Forbids {
  const keys = new Set<string>();
  for (const [a, b] of pairs) keys.add(pairKey(a, b));
  return (a, b) => keys.has(pairKey(a, b));
}

/** Nobody is forbidden: what a pairing assumes when it is given no blocks. */
export const NOBODY: Forbids = () => false;

/** The most players one account may block (lichess caps its list too). */
export const MAX_BLOCKS = 500;
