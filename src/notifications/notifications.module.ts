import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';

/**
 * Notifications: stored per player, made in the events' own transactions by the modules that
 * make the events (matches, challenges, tournaments), read and marked read over REST. Below
 * those modules: it imports none of them.
 */
@Module({
  imports: [PlayersModule],
  controllers: [NotificationsController],
  providers: [NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
