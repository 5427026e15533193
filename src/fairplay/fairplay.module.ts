import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { PlayersModule } from '../players/players.module.js';
import { FairplayController } from './fairplay.controller.js';
import { PlaybansService } from './playbans.service.js';

/** Fair play: playbans (recorded at each game's end, checked by the queue). */
@Module({
  imports: [MatchesModule, PlayersModule],
  controllers: [FairplayController],
  providers: [PlaybansService],
  exports: [PlaybansService],
})
export class FairplayModule {}
