/** The notifications module's one entrance. */
export { NotificationsModule } from './notifications.module.js';
export { NotificationsService } from './notifications.service.js';
