import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BlocksModule } from '../blocks/index.js';
import { MatchesModule } from '../matches/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { PlayersModule } from '../players/players.module.js';
import { ChallengesController } from './challenges.controller.js';
import { ChallengesGateway } from './challenges.gateway.js';
import { ChallengesService } from './challenges.service.js';

/** Challenges by link and by name, and the lobby's seeks (open challenges listed). */
@Module({
  imports: [AccountsModule, BlocksModule, MatchesModule, NotificationsModule, PlayersModule],
  controllers: [ChallengesController],
  providers: [ChallengesService, ChallengesGateway],
  exports: [ChallengesService],
})
export class ChallengesModule {}
