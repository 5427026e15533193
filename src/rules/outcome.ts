/**
 * Game end and draw rules, over a Progress: a Position plus what the draw rules need to
 * remember of how it was reached: the king-move counter, how long the current endgame has lasted, and the positions seen since
 * the last irreversible move (a capture, or a man moving to another row, can never be undone, so
 * no earlier position can repeat; a turkish man's sideways step can). It is a plain serialisable value, so a server can store it per match.
 */
import { err, ok, type RulesResult } from './errors.js';
import type { Position } from './position.js';
import { opponent, type Move, type GameResult } from './types.js';
import type { Material, Variant } from './variants/variant.js';

export interface DrawCounters {
  /** Plies in a row made by kings without capturing. */
  readonly kingOnlyPlies: number;
  /** The endgame draw rule in force (by name) and for how many plies it has applied. */
  readonly endgame: string | null;
  readonly endgamePlies: number;
  /** FENs since the last irreversible move, oldest first, the current position last. */
  readonly seen: readonly string[];
}

export interface Progress {
  readonly position: Position;
  readonly counters: DrawCounters;
}

export function startProgress(position: Position): Progress {
  const endgame = endgameRule(position);
  return {
    position,
    counters: {
      kingOnlyPlies: 0,
      endgame: endgame?.name ?? null,
      endgamePlies: 0,
      seen: [position.fen],
    },
  };
}

/** @deprecated The name until v1.14 (a Game meant four things): startProgress. */
export const startGame = startProgress;
/** @deprecated The name until v1.14: Progress. */
export type Game = Progress;

/** Plays a legal move and updates the draw counters. */
export function advance(progress: Progress, move: Move): Progress {
  const before = progress.position;
  const moverWasKing = before.pieceAt(move.from)?.king ?? false;
  const position = before.play(move);
  const c = progress.counters;
  const g = before.variant.geometry;
  const forward = !moverWasKing && g.rowOf[move.from - 1] !== g.rowOf[move.to - 1];
  // A turkish man stepping sideways may step back: the position may come again.
  const irreversible = move.captures.length > 0 || forward;
  const byKing = moverWasKing && move.captures.length === 0;
  const endgame = endgameRule(position)?.name ?? null;
  // An endgame count starts when its material arises and restarts when material changes
  // (a capture or a crowning), as Russian 7.2.6 says outright.
  const materialChanged = move.captures.length > 0 || move.promoted;
  return {
    position,
    counters: {
      kingOnlyPlies: byKing ? c.kingOnlyPlies + 1 : 0,
      endgame,
      endgamePlies:
        endgame !== null && endgame === c.endgame && !materialChanged ? c.endgamePlies + 1 : 0,
      seen: irreversible || materialChanged ? [position.fen] : [...c.seen, position.fen],
    },
  };
}

/** The result of the game, or null while it goes on. */
export function outcome(progress: Progress): GameResult | null {
  const pos = progress.position;
  const goal = pos.variant.goal;
  if (goal === 'crown') {
    // The side that just moved crowned first (a set-up position with kings is refused).
    const last = opponent(pos.turn);
    if (pos.count(last).kings > 0) return { winner: last, reason: 'crowned' };
    if (pos.count(pos.turn).kings > 0) return { winner: pos.turn, reason: 'crowned' };
  }
  const mine = pos.count(pos.turn);
  const stuck =
    mine.men + mine.kings === 0 ? 'no-pieces' : pos.moveCount() === 0 ? 'no-moves' : null;
  if (stuck !== null) {
    // Antidraughts: running out of pieces or moves is the goal.
    if (goal === 'lose') return { winner: pos.turn, reason: 'given-away' };
    return { winner: opponent(pos.turn), reason: stuck };
  }
  const rule = drawRule(progress);
  return rule === null ? null : { winner: null, reason: 'draw-rule', rule };
}

/** Which draw rule, if any, ends the game now. */
export function drawRule(progress: Progress): string | null {
  const { position: pos, counters: c } = progress;
  const rules = pos.variant.draw;
  const fen = pos.fen;
  let times = 0;
  for (const f of c.seen) if (f === fen) times++;
  if (times >= rules.repetitions) return 'threefold-repetition';
  if (rules.kingOnlyPlies > 0 && c.kingOnlyPlies >= rules.kingOnlyPlies) {
    return `${rules.kingOnlyPlies / 2}-move`;
  }
  if (c.endgame !== null) {
    const rule = rules.endgames.find((e) => e.name === c.endgame);
    if (rule && c.endgamePlies >= rule.plies) return rule.name;
  }
  return null;
}

function endgameRule(pos: Position): Variant['draw']['endgames'][number] | null {
  const w: Material = pos.count('white');
  const b: Material = pos.count('black');
  return pos.variant.draw.endgames.find((e) => e.applies(w, b) || e.applies(b, w)) ?? null;
}

/** Replays moves (as requested by path) from a start position, with typed errors. */
export function replay(
  start: Position,
  paths: readonly (readonly number[])[],
): RulesResult<Progress> {
  let progress = startProgress(start);
  for (let i = 0; i < paths.length; i++) {
    if (outcome(progress) !== null)
      return err('ILLEGAL_MOVE', `move ${i + 1}: the game is already over`);
    const found = progress.position.findMove({ path: paths[i] });
    if (!found.ok) return err(found.error.code, `move ${i + 1}: ${found.error.message}`);
    progress = advance(progress, found.value);
  }
  return ok(progress);
}
