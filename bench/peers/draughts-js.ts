/**
 * Peer: draughts.js (npm "draughts", international 10x10), through its public API: `moves()`,
 * `move()`, `undo()` (make/undo, its fastest path). Its own `perft()` is not used: it passes an
 * options object where `generate_moves` expects a square and always returns 0 (v0.2.1). The
 * last ply is counted from `moves().length`, as our perft counts it.
 */
import { createRequire } from 'node:module';

interface DraughtsMove {
  from: number;
  to: number;
}
interface DraughtsGame {
  moves(): DraughtsMove[];
  move(m: DraughtsMove): unknown;
  undo(): unknown;
}
const require = createRequire(import.meta.url);
const Draughts = require('draughts') as new (fen?: string) => DraughtsGame;

function walk(game: DraughtsGame, depth: number): number {
  const moves = game.moves();
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    game.move(m);
    n += walk(game, depth - 1);
    game.undo();
  }
  return n;
}

export function draughtsJsPerft(depth: number): number {
  return depth <= 0 ? 1 : walk(new Draughts(), depth);
}
