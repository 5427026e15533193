/**
 * The computer opponent's core: pure search and evaluation over src/rules, no I/O. The server
 * runs it in worker threads (later); the CLI and benches call it directly.
 */
export {
  Engine,
  search,
  scoreOf,
  WIN,
  type PvLine,
  type Score,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
} from './search.js';
export { Evaluator, familyOf, type EvalKind, type Family } from './evaluate.js';
export { LEVELS, level, playLevel, type Level } from './levels.js';
export { LEVEL_RATINGS } from './level-ratings.js';
export { TranspositionTable } from './tt.js';
export { EndgameTables, supportsVariant } from './egdb/tables.js';
export { buildTables, type SliceReport } from './egdb/build.js';
export { mulberry32, type Rng } from './random.js';
