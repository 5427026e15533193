/** A small seeded PRNG (mulberry32): Zobrist keys, low levels' choice and benches must replay. */
export type Rng = () => number;

/** Returns a generator of 32-bit signed integers; the same seed gives the same sequence. */
export function mulberry32(seed: number): Rng {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return t ^ (t >>> 14);
  };
}

/** A float in [0, 1) from an Rng. */
export const unit = (rng: Rng): number => (rng() >>> 0) / 4294967296;
