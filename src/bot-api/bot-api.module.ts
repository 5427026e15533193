import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { ChallengesModule } from '../challenges/challenges.module.js';
import { ComputerModule } from '../computer/index.js';
import { MatchesModule } from '../matches/index.js';
import { MatchmakingModule } from '../matchmaking/index.js';
import { PlayersModule } from '../players/players.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { BotAccountsService } from './bot-accounts.service.js';
import { ChallengeApiController } from './challenge-api.controller.js';
import { EventStreamsService } from './event-streams.service.js';
import { GameApiController } from './game-api.controller.js';
import { GameStreamsService } from './game-streams.service.js';

/** The Bot and Board APIs (docs/BOT-API.md): NDJSON streams and actions for programs. */
@Module({
  imports: [
    TokensModule,
    PlayersModule,
    MatchesModule,
    MatchmakingModule,
    ChallengesModule,
    ComputerModule,
    ChatModule,
  ],
  controllers: [ChallengeApiController, GameApiController],
  providers: [BotAccountsService, EventStreamsService, GameStreamsService],
})
export class BotApiModule {}
