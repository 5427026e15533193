import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { PuzzlesController } from './puzzles.controller.js';
import { PuzzlesService } from './puzzles.service.js';
import { StarterSet } from './starter-set.service.js';
import { StormService } from './storm.service.js';

/** Puzzles (issue 32): the starter set, solving and rating, daily, streak, storm, dashboard. */
@Module({
  imports: [PlayersModule],
  controllers: [PuzzlesController],
  providers: [PuzzlesService, StormService, StarterSet],
  exports: [PuzzlesService, StarterSet],
})
export class PuzzlesModule {}
