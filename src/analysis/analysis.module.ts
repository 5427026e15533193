import { Module } from '@nestjs/common';
import { ComputerModule } from '../computer/computer.module.js';
import { MatchesModule } from '../matches/matches.module.js';
import { GameAnalysisController } from './game-analysis.controller.js';
import { GameAnalysisService } from './game-analysis.service.js';

/** Review: a finished game analysed by the engine, move by move, stored once. */
@Module({
  imports: [MatchesModule, ComputerModule],
  controllers: [GameAnalysisController],
  providers: [GameAnalysisService],
})
export class AnalysisModule {}
