/**
 * Playing levels 1-8, in the manner of lidraughts' AI levels: a time budget rising
 * geometrically from 50 ms to 1,000 ms, a depth cap from 2 to 18 plies, node caps at the lowest
 * levels (so a fast machine does not make them strong), the simple evaluation below level 4, and
 * a random choice among moves within a margin of the best. The margin alone never lets a level
 * pick a move that loses material the search has seen; so that people learning can win, levels
 * 1-3 also let material go now and then (letGo), as lidraughts' low levels do. Each level has a
 * rating label, measured (level-ratings.ts).
 */
import type { Progress } from '../rules/outcome.js';
import type { Position } from '../rules/position.js';
import type { EvalKind } from './evaluate.js';
import { LEVEL_RATINGS } from './level-ratings.js';
import { Engine, type SearchLimits, type SearchResult } from './search.js';

export interface Level {
  readonly level: number;
  readonly movetime: number;
  readonly depth: number;
  readonly nodes?: number;
  readonly evalKind: EvalKind;
  /** Centi-men: moves this close to the best may be chosen at random. */
  readonly randomMargin: number;
  /**
   * Levels 1-3: the chance per move of a beginner's oversight, a move the search sees losing a
   * man or more (when there is one). Measured against scripted players: docs/ENGINE.md.
   */
  readonly letGo: number;
  /** Its approximate rating (level-ratings.ts), a label for players. */
  readonly rating: number;
}

const LADDER: readonly Omit<Level, 'rating'>[] = [
  {
    level: 1,
    movetime: 50,
    depth: 2,
    nodes: 2_000,
    evalKind: 'simple',
    randomMargin: 60,
    letGo: 0.5,
  },
  {
    level: 2,
    movetime: 77,
    depth: 3,
    nodes: 8_000,
    evalKind: 'simple',
    randomMargin: 40,
    letGo: 0.35,
  },
  {
    level: 3,
    movetime: 118,
    depth: 5,
    nodes: 30_000,
    evalKind: 'simple',
    randomMargin: 25,
    letGo: 0.25,
  },
  { level: 4, movetime: 180, depth: 7, evalKind: 'full', randomMargin: 15, letGo: 0 },
  { level: 5, movetime: 277, depth: 9, evalKind: 'full', randomMargin: 8, letGo: 0 },
  { level: 6, movetime: 425, depth: 12, evalKind: 'full', randomMargin: 4, letGo: 0 },
  { level: 7, movetime: 652, depth: 15, evalKind: 'full', randomMargin: 0, letGo: 0 },
  { level: 8, movetime: 1000, depth: 18, evalKind: 'full', randomMargin: 0, letGo: 0 },
];

export const LEVELS: readonly Level[] = LADDER.map((l, i) => ({ ...l, rating: LEVEL_RATINGS[i] }));

export function level(n: number): Level {
  const i = Math.min(Math.max(Math.round(n), 1), LEVELS.length) - 1;
  return LEVELS[i];
}

/** The move of a level: the engine's search under the level's caps. */
export function playLevel(
  engine: Engine,
  input: Position | Progress,
  n: number,
  seed?: number,
): SearchResult {
  const l = level(n);
  const limits: SearchLimits = { movetime: l.movetime, depth: l.depth, nodes: l.nodes };
  return engine.search(input, limits, {
    evalKind: l.evalKind,
    randomMargin: l.randomMargin,
    letGo: l.letGo,
    seed,
  });
}
