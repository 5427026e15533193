/**
 * Scripted opponents that stand in for people learning the game (issue 29): the yardsticks the
 * low levels are measured against in `npm run bench:levels`. Pure: a player is a function of a
 * position and a seeded random source, so a bench replays.
 *
 * - greedy: the biggest capture (by captured value: a king counts 3), else any move at random.
 *   Captures are compulsory, and in brazilian and international the most pieces must be taken,
 *   so this is close to a random mover that prefers taking kings.
 * - safe-greedy: greedy among the moves after which the opponent has no capture, when there is
 *   one ("never leave a piece hanging").
 * - two-ply: its move and the reply (minimax on material, men 1, kings 3), random among equals.
 */
import { unit, type Rng } from '../../src/engine/random.js';
import type { Color, Move, Position } from '../../src/rules/index.js';

export type ScriptedPlayer = (pos: Position, rng: Rng) => Move;
export type ScriptedName = 'greedy' | 'safe-greedy' | 'two-ply';

const KING_VALUE = 3;

/** Material of `color` minus its opponent's: men 1, kings 3. */
export function material(pos: Position, color: Color): number {
  let sum = 0;
  for (const p of pos.pieces()) sum += (p.color === color ? 1 : -1) * (p.king ? KING_VALUE : 1);
  return sum;
}

/** What a move takes: each captured man 1, each king 3. */
export function capturedValue(pos: Position, move: Move): number {
  let sum = 0;
  for (const sq of move.captures) sum += pos.pieceAt(sq)?.king ? KING_VALUE : 1;
  return sum;
}

/** One of `items` at random. */
const pick = <T>(items: readonly T[], rng: Rng): T => items[Math.floor(unit(rng) * items.length)];

/** The items with the highest key. */
function best<T>(items: readonly T[], key: (x: T) => number): T[] {
  let top = -Infinity;
  let out: T[] = [];
  for (const x of items) {
    const k = key(x);
    if (k > top) {
      top = k;
      out = [x];
    } else if (k === top) out.push(x);
  }
  return out;
}

function legal(pos: Position): Move[] {
  const moves = pos.legalMoves();
  if (moves.length === 0) throw new Error('no legal move: the game is over');
  return moves;
}

export const greedy: ScriptedPlayer = (pos, rng) =>
  pick(
    best(legal(pos), (m) => capturedValue(pos, m)),
    rng,
  );

/** True when the opponent can capture after `move`. */
export const leavesHanging = (pos: Position, move: Move): boolean => pos.play(move).hasCapture;

export const safeGreedy: ScriptedPlayer = (pos, rng) => {
  const moves = legal(pos);
  const safe = moves.filter((m) => !leavesHanging(pos, m));
  return pick(
    best(safe.length > 0 ? safe : moves, (m) => capturedValue(pos, m)),
    rng,
  );
};

/** Large enough to beat any material difference: a side with no move has lost. */
const WON = 1000;

export const twoPly: ScriptedPlayer = (pos, rng) => {
  const me = pos.turn;
  return pick(
    best(legal(pos), (m) => {
      const after = pos.play(m);
      const replies = after.legalMoves();
      if (replies.length === 0) return WON;
      let worst = Infinity;
      for (const r of replies) worst = Math.min(worst, material(after.play(r), me));
      return worst;
    }),
    rng,
  );
};

export const SCRIPTED: Readonly<Record<ScriptedName, ScriptedPlayer>> = {
  greedy,
  'safe-greedy': safeGreedy,
  'two-ply': twoPly,
};
