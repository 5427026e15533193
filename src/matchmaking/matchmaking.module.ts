import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module.js';
import { MatchmakingGateway } from './matchmaking.gateway.js';
import { MatchmakingService } from './matchmaking.service.js';

@Module({
  imports: [MatchesModule],
  providers: [MatchmakingService, MatchmakingGateway],
})
export class MatchmakingModule {}
