/** Moderation: reports, moderators' routes and marks, the log; the role from the command line. */
export { ModerationModule } from './moderation.module.js';
export { ModerationService } from './moderation.service.js';
export { setModRole, type RoleChange } from './mod-roles.js';
