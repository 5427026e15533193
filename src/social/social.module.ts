import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { PlayersModule } from '../players/players.module.js';
import { FollowsService } from './follows.service.js';
import { PlayerSearch } from './player-search.service.js';
import { SocialController } from './social.controller.js';

/** Find and follow (issue 34): player search, follows, who of those you follow is on. */
@Module({
  imports: [PlayersModule, MatchesModule],
  controllers: [SocialController],
  providers: [FollowsService, PlayerSearch],
  exports: [FollowsService],
})
export class SocialModule {}
