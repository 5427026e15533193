import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { MatchesModule } from '../matches/index.js';
import { PuzzlesModule } from '../puzzles/index.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { PlayersModule } from '../players/players.module.js';
import { FairplayController } from './fairplay.controller.js';
import { PlaybansService } from './playbans.service.js';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { YourDataController } from './your-data.controller.js';
import { YourDataService } from './your-data.service.js';

/** Fair play: playbans (recorded at each game's end, checked by the queue); your data. */
@Module({
  imports: [
    ChatModule,
    MatchesModule,
    PlayersModule,
    ProfilesModule,
    PuzzlesModule,
    RatingsModule,
    TokensModule,
  ],
  controllers: [FairplayController, YourDataController],
  providers: [PlaybansService, YourDataService],
  exports: [PlaybansService],
})
export class FairplayModule {}
