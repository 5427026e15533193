import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { PlayersModule } from '../players/players.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { PositionAnalysisService } from './position-analysis.service.js';
import { ComputerManners } from './computer-manners.js';
import { ComputerGateway } from './computer.gateway.js';
import { ComputerService } from './computer.service.js';
import { EngineController } from './engine.controller.js';
import { EnginePool } from './engine-pool.js';

/** The engine in the server: its worker pool, analysis over HTTP, and the computer player. */
@Module({
  imports: [MatchesModule, PlayersModule, TokensModule],
  controllers: [EngineController],
  providers: [
    EnginePool,
    PositionAnalysisService,
    ComputerManners,
    ComputerService,
    ComputerGateway,
  ],
  exports: [EnginePool, ComputerService],
})
export class ComputerModule {}
