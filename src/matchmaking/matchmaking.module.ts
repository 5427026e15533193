import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module.js';
import { PlayersModule } from '../players/players.module.js';
import { MatchmakingGateway } from './matchmaking.gateway.js';
import { MatchmakingService } from './matchmaking.service.js';

@Module({
  imports: [MatchesModule, PlayersModule],
  providers: [MatchmakingService, MatchmakingGateway],
})
export class MatchmakingModule {}
