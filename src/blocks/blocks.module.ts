import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { BlocksController } from './blocks.controller.js';
import { BlocksService } from './blocks.service.js';

/** Blocks between players: kept here, asked by challenges, chat, the queue and tournaments. */
@Module({
  imports: [PlayersModule],
  controllers: [BlocksController],
  providers: [BlocksService],
  exports: [BlocksService],
})
export class BlocksModule {}
