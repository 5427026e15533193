/**
 * Per-position costs the server pays on every move: generating the legal moves of a middle-game
 * position, and validating a client move (parse the stored FEN, generate, match the request).
 * Middle-game positions come from seeded random playouts (plies 16-40).
 */
import { BLACK, WHITE } from '../src/rules/board.js';
import { unwrap } from '../src/rules/errors.js';
import { MoveGenerator, MoveList } from '../src/rules/movegen.js';
import { Position } from '../src/rules/position.js';
import type { VariantId } from '../src/rules/types.js';
import { getVariant } from '../src/rules/variants/index.js';

function middleGames(variant: VariantId, count: number): Position[] {
  let seed = 12345;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const out: Position[] = [];
  while (out.length < count) {
    let pos = Position.initial(variant);
    const plies = 16 + Math.floor(rand() * 24);
    for (let i = 0; i < plies; i++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos = pos.play(moves[Math.floor(rand() * moves.length)]);
    }
    if (pos.legalMoves().length > 0) out.push(pos);
  }
  return out;
}

export function movegenFigures(variant: VariantId): { generateUs: number; validateUs: number } {
  const positions = middleGames(variant, 200);
  const gen = new MoveGenerator(getVariant(variant));
  const list = new MoveList(64);
  const boards = positions.map((p) => Int8Array.from(p.board));
  const colors = positions.map((p) => (p.turn === 'white' ? WHITE : BLACK));
  const rounds = 2000;
  let sink = 0;
  let t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < boards.length; i++) sink += gen.generate(boards[i], colors[i], list);
  }
  const generateUs = ((performance.now() - t0) * 1000) / (rounds * boards.length);
  const requests = positions.map((p) => ({ fen: p.fen, path: p.legalMoves()[0].path }));
  t0 = performance.now();
  for (let r = 0; r < 100; r++) {
    for (const { fen, path } of requests) {
      sink += unwrap(unwrap(Position.fromFen(variant, fen)).findMove({ path })).to;
    }
  }
  const validateUs = ((performance.now() - t0) * 1000) / (100 * requests.length);
  if (sink === 0) throw new Error('unreachable');
  return { generateUs, validateUs };
}
