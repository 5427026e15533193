/**
 * Peer: rapid-draughts (English draughts, bitboards). Its engine API is used directly (the
 * fastest public one, skipping the 1D game wrapper): `engine.moves`, `clone()`, `move()`.
 * The library has no undo, so each child is a clone, as its own search does. The last ply is
 * counted from `moves.length`, as our perft counts it.
 */
// Its .d.ts re-exports without file extensions, which TypeScript's nodenext resolution cannot
// follow, so the small part used here is typed locally.
interface Engine {
  readonly moves: readonly unknown[];
  clone(): Engine;
  move(m: unknown): void;
}
const { EnglishDraughts } = (await import('rapid-draughts/english')) as unknown as {
  EnglishDraughts: { setup(): { engine: Engine } };
};

function walk(engine: Engine, depth: number): number {
  const moves = engine.moves;
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const child = engine.clone();
    child.move(m);
    n += walk(child, depth - 1);
  }
  return n;
}

export function rapidDraughtsPerft(depth: number): number {
  return depth <= 0 ? 1 : walk(EnglishDraughts.setup().engine, depth);
}
