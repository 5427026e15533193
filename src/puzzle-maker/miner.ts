/**
 * Turning games into puzzles: each move of a game is judged by the trigger (scores before and
 * after it), and each candidate is solved and re-verified; counts of every outcome are kept so
 * the CLI can print yield and cost.
 */
import { Engine, type Score } from '../engine/index.js';
import {
  advance,
  parseMoveText,
  Position,
  startProgress,
  type Move,
  type Progress,
  type Variant,
} from '../rules/index.js';
import { isCandidate } from './criteria.js';
import { puzzleId } from './puzzle-id.js';
import type { PuzzleRecord, PuzzleSource } from './record.js';
import { freshVerifier, solve, type Rejection } from './solve.js';
import { themesOf } from './themes.js';

export interface MinerOptions {
  /** Node budget of the solution search (re-verified at 4x). */
  readonly nodes: number;
  /** Node budget of the trigger's score of each game position. */
  readonly triggerNodes: number;
  readonly source: PuzzleSource;
}

export interface MinerStats {
  games: number;
  plies: number;
  /** Moves not played that self-play judged as possible mistakes (exploreOthers). */
  explored: number;
  candidates: number;
  kept: number;
  rejected: Record<Rejection | 'duplicate', number>;
}

export const emptyStats = (): MinerStats => ({
  games: 0,
  plies: 0,
  explored: 0,
  candidates: 0,
  kept: 0,
  rejected: {
    forced: 0,
    ambiguous: 0,
    'lost-edge': 0,
    'no-gain': 0,
    short: 0,
    'all-forced': 0,
    reverify: 0,
    duplicate: 0,
  },
});

export const negate = (s: Score): Score =>
  'cp' in s ? { cp: -s.cp } : 'win' in s ? { loss: s.win } : { win: s.loss };

export class Miner {
  readonly engine: Engine;
  readonly stats = emptyStats();
  /** dedupeKeys of the puzzles already kept. */
  readonly seen = new Set<string>();

  constructor(
    readonly variant: Variant,
    readonly options: MinerOptions,
  ) {
    this.engine = new Engine(variant, 32);
  }

  /** The trigger's score of a game position, from the side to move's view, and its best move. */
  score(game: Progress): { score: Score; best: Move | null } {
    const r = this.engine.search(game, { nodes: this.options.triggerNodes });
    return { score: r.score, best: r.bestMove };
  }

  /** Remembers a puzzle already kept (an earlier run's) so that it is not kept twice. */
  remember(record: PuzzleRecord): void {
    for (const k of dedupeKeys(this.variant, record)) this.seen.add(k);
  }

  /**
   * One move of a game: `mistake` played from `before`; `beforeScore` is the mover's score at
   * `before`, `afterScore` the other side's after it. A kept puzzle, or null.
   */
  consider(
    before: Position,
    mistake: Move,
    beforeScore: Score,
    afterScore: Score,
  ): PuzzleRecord | null {
    const after = before.play(mistake);
    const trigger = { before: negate(beforeScore), after: afterScore, moves: after.moveCount() };
    if (!isCandidate(trigger)) return null;
    this.stats.candidates++;
    if (this.seen.has(`start ${after.fen}`) || this.seen.has(`before ${before.fen}`)) {
      this.stats.rejected.duplicate++;
      return null;
    }
    const solved = solve(this.engine, before, mistake, this.options.nodes, freshVerifier(before));
    if (!solved.ok) {
      this.stats.rejected[solved.reason]++;
      return null;
    }
    const { moves, accepted, depth } = solved.solution;
    const record: PuzzleRecord = {
      id: puzzleId(this.variant.id, before.fen, moves[0]),
      variant: this.variant.id,
      fen: before.fen,
      moves,
      ...(accepted.length > 0 ? { accepted } : {}),
      themes: themesOf(before, moves),
      depth,
      source: this.options.source,
    };
    const keys = dedupeKeys(this.variant, record);
    if (keys.some((k) => this.seen.has(k))) {
      this.stats.rejected.duplicate++;
      return null;
    }
    this.remember(record);
    this.stats.kept++;
    return record;
  }

  /** Every move of a finished game (positions[i + 1] = positions[i] after moves[i]). */
  mineGame(positions: readonly Position[], moves: readonly Move[]): PuzzleRecord[] {
    this.stats.games++;
    const out: PuzzleRecord[] = [];
    let game = startProgress(positions[0]);
    let prev = this.score(game).score;
    for (let i = 0; i < moves.length; i++) {
      const next = advance(game, moves[i]);
      const now = this.score(next).score;
      this.stats.plies++;
      const r = this.consider(game.position, moves[i], prev, now);
      if (r) out.push(r);
      game = next;
      prev = now;
    }
    return out;
  }
}

/**
 * What makes two puzzles one: the same start (after the mistake), the same position before the
 * mistake (a position where most moves lose to one shot would otherwise give that shot once per
 * move), or the same solver line (one combination reached by several move orders).
 */
export function dedupeKeys(variant: Variant, record: PuzzleRecord): string[] {
  const start = startOf(variant, record);
  const line = record.moves.filter((_, i) => i % 2 === 1).join(' ');
  return [`start ${start?.fen ?? record.fen}`, `before ${record.fen}`, `line ${line}`];
}

/** The position a puzzle is solved from (after moves[0]), or null if the record does not replay. */
export function startOf(variant: Variant, record: PuzzleRecord): Position | null {
  const before = Position.fromFen(variant, record.fen);
  if (!before.ok) return null;
  const m = parseMoveText(before.value, record.moves[0]);
  return m.ok ? before.value.play(m.value) : null;
}
