/** The puzzles module's one entrance (issue 32). */
export { PuzzlesModule } from './puzzles.module.js';
export { PuzzlesService, type Puzzler } from './puzzles.service.js';
export { StarterSet, type LoadReport } from './starter-set.service.js';
