/** The matchmaking module's one entrance (eslint holds other folders to it): the queue. */
export { MatchmakingModule } from './matchmaking.module.js';
export { MatchmakingService } from './matchmaking.service.js';
