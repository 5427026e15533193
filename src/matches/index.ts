/**
 * The matches module's one entrance (eslint holds other folders to it): a match from its start
 * to its end, the moves, the lifecycle around them, and the reads of the match tables.
 */
export { MatchesModule } from './matches.module.js';
export { MatchStarter, type NewMatch, type Started } from './match-starter.js';
export {
  GAMES_SQL,
  MatchQueries,
  type GameRow,
  type ListedGameRow,
  type LiveGameRow,
  type OpeningMoveRow,
  type PlayerGameRow,
} from './match-queries.js';
export { MatchStore, type UnexploredGame } from './match-store.js';
export { ComputerClaims } from './computer-claims.js';
export { GameEndings, type EndingHook, type EndingHow } from './game-endings.js';
export { MatchesService } from './matches.service.js';
export { MovementService } from './movement.service.js';
export { LifecycleService } from './lifecycle.service.js';
export { PresenceService } from './presence.service.js';
export { RoomSync } from './room-sync.js';
export { RestMove } from './move-body.js';
export { positionOf } from './match-rules.js';
export { clockOf } from './match-view.js';
