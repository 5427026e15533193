/**
 * The computer module's one entrance (eslint holds other folders to it): the engine in the
 * server (its worker pool, analysis of a position) and the computer as a player.
 */
export { ComputerModule } from './computer.module.js';
export { ComputerService } from './computer.service.js';
export { EnginePool, type PoolStatus, type Thinking } from './engine-pool.js';
export { ComputerPlay } from './computer-terms.js';
