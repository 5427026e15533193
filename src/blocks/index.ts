/** Blocks: the module, the service other modules ask, and the pure pair rules. */
export { BlocksModule } from './blocks.module.js';
export { BlocksService } from './blocks.service.js';
export { forbidsOf, NOBODY, pairKey, type Forbids } from './block-rules.js';
