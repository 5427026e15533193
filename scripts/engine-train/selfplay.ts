/**
 * Training games of the engine against itself: a seeded random opening of 4-8 plies, then the
 * engine at a fixed node budget (deterministic: no clock), until a rule ends the game or 400
 * plies (then dropped). Each game gives its quiet positions (no capture for the side to move)
 * after the opening and its result for White.
 */
import { Engine, mulberry32, type EvalKind } from '../../src/engine/index.js';
import {
  advance,
  outcome,
  Position,
  startProgress,
  type VariantId,
} from '../../src/rules/index.js';

export interface TrainingGame {
  /** 1 White won, 0.5 drawn, 0 Black won. */
  readonly result: number;
  /** Quiet positions' boards. */
  readonly boards: Int8Array[];
  readonly plies: number;
}

const CAP = 400;

export function playGame(
  engine: Engine,
  variant: VariantId,
  seed: number,
  game: number,
  nodes: number,
  evalKind: EvalKind,
): TrainingGame | null {
  const rng = mulberry32(seed * 1000003 + game);
  let progress = startProgress(Position.initial(variant));
  const opening = 4 + (game % 5);
  const boards: Int8Array[] = [];
  let ply = 0;
  let result = outcome(progress);
  while (!result && ply < CAP) {
    const pos = progress.position;
    let move;
    if (ply < opening) {
      const legal = pos.legalMoves();
      move = legal[(rng() >>> 0) % legal.length];
    } else {
      if (!pos.hasCapture) boards.push(Int8Array.from(pos.board));
      move = engine.search(progress, { nodes }, { seed: game, evalKind }).bestMove;
      if (move === null) break;
    }
    progress = advance(progress, move);
    ply++;
    result = outcome(progress);
  }
  if (!result) return null;
  return {
    result: result.winner === null ? 0.5 : result.winner === 'white' ? 1 : 0,
    boards,
    plies: ply,
  };
}
