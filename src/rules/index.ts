/**
 * The rules library's public face: what the server, the browser client and bots import.
 * Pure TypeScript: no framework, database or network imports anywhere under src/rules.
 */
export * from './types.js';
export * from './errors.js';
export { squareName, type Geometry } from './geometry.js';
export {
  allVariants,
  DEFAULT_VARIANT,
  getVariant,
  isVariantId,
  type Variant,
  type DrawRules,
  type EndgameRule,
} from './variants/index.js';
export { parseFen, makeFen, type Setup } from './fen.js';
export { Position, type PieceInfo } from './position.js';
export { perft, perftRoutes, divide } from './perft.js';
export {
  startProgress,
  startGame,
  advance,
  outcome,
  drawRule,
  replay,
  type Progress,
  type Game,
  type DrawCounters,
} from './outcome.js';
export { lineToText, moveNumber, moveToText, parseMoveText, plyOffset } from './notation.js';
export {
  makePdn,
  parsePdn,
  parsePdns,
  resultToken,
  parseResultToken,
  type PdnGame,
} from './pdn.js';
export {
  addMove,
  mainLine,
  makePdnTree,
  newTree,
  parsePdnTree,
  parsePdnTrees,
  readPdnTrees,
  type MoveNode,
  type PdnRead,
  type PdnTree,
  type TreeLine,
} from './pdn-tree.js';
export {
  fittingVariant,
  meantMoves,
  movesRead,
  moveText,
  notationOf,
  routeText,
  type Notation,
} from './pdn-import-rules.js';
export { startPosition } from './start.js';
