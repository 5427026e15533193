import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ChatModule } from '../chat/chat.module.js';
import { MatchesModule } from '../matches/index.js';
import { PlayersModule } from '../players/players.module.js';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { ModerationController, ReportsController } from './moderation.controller.js';
import { ModerationService } from './moderation.service.js';

/** Reports, the moderators' routes, marks and the log of their actions. */
@Module({
  imports: [AccountsModule, PlayersModule, ChatModule, ProfilesModule, MatchesModule],
  controllers: [ReportsController, ModerationController],
  providers: [ModerationService],
  exports: [ModerationService],
})
export class ModerationModule {}
