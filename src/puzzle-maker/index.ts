/**
 * The puzzle generator (issue 32, docs/PUZZLES.md): pure, over src/rules and src/engine only,
 * so the CLI, the benches and the tests run it without a server.
 */
export {
  CRITERIA,
  defaultBudgets,
  isCandidate,
  material,
  scoreValue,
  type TriggerInput,
} from './criteria.js';
export {
  Miner,
  dedupeKeys,
  emptyStats,
  negate,
  startOf,
  type MinerOptions,
  type MinerStats,
} from './miner.js';
export { puzzleId } from './puzzle-id.js';
export { THEMES, type PuzzleRecord, type PuzzleSource, type Theme } from './record.js';
export { replayRecord, type ReplayCheck } from './replay.js';
export { selfPlayGame } from './selfplay.js';
export {
  freshVerifier,
  judgeTurn,
  solve,
  verifyLine,
  type Rejection,
  type Solution,
  type Solved,
} from './solve.js';
export { phaseOf, themesOf } from './themes.js';
export { minePdn, replayPaths, type ReplayedGame } from './sources.js';
