import { Module } from '@nestjs/common';
import { ComputerModule } from '../computer/index.js';
import { MatchesModule } from '../matches/index.js';
import { GameAnalysisController } from './game-analysis.controller.js';
import { GameAnalysisService } from './game-analysis.service.js';

/** Review: a finished game analysed by the engine, move by move, stored once. */
@Module({
  imports: [MatchesModule, ComputerModule],
  controllers: [GameAnalysisController],
  providers: [GameAnalysisService],
})
export class GameAnalysisModule {}
