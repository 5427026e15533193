/** The explorer module's one entrance (issue 35). */
export { ExplorerModule } from './explorer.module.js';
export { ExplorerIndexer } from './explorer-indexer.js';
export { ExplorerService } from './explorer.service.js';
export { MastersImport, type ImportReport } from './masters-import.js';
export { MastersStarter } from './masters-starter.js';
