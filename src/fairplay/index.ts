/** Fair play's one entrance: playbans (playban-rules.ts is the rule). */
export { FairplayModule } from './fairplay.module.js';
export { PlaybansService } from './playbans.service.js';
export * from './playban-rules.js';
