import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { PlayersModule } from '../players/players.module.js';
import { ExplorerController } from './explorer.controller.js';
import { ExplorerIndexer } from './explorer-indexer.js';
import { ExplorerService } from './explorer.service.js';
import { MastersImport } from './masters-import.js';
import { MastersStarter } from './masters-starter.js';

/** The opening explorer (issue 35): the index of finished games, the masters' games, the reads. */
@Module({
  imports: [MatchesModule, PlayersModule],
  controllers: [ExplorerController],
  providers: [ExplorerService, ExplorerIndexer, MastersImport, MastersStarter],
  exports: [ExplorerIndexer, MastersImport, MastersStarter],
})
export class ExplorerModule {}
