/** The social module's one entrance (issue 34). */
export { SocialModule } from './social.module.js';
export { FollowsService } from './follows.service.js';
