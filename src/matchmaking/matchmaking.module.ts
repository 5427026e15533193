import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BlocksModule } from '../blocks/index.js';
import { MatchesModule } from '../matches/index.js';
import { PlayersModule } from '../players/players.module.js';
import { FairplayModule } from '../fairplay/index.js';
import { MatchmakingGateway } from './matchmaking.gateway.js';
import { MatchmakingService } from './matchmaking.service.js';
import { QueueStore } from './queue-store.js';

@Module({
  imports: [AccountsModule, BlocksModule, MatchesModule, PlayersModule, FairplayModule],
  providers: [MatchmakingService, MatchmakingGateway, QueueStore],
  exports: [MatchmakingService],
})
export class MatchmakingModule {}
