import { Module } from '@nestjs/common';
import { PlayersController } from './players.controller.js';
import { PlayersService } from './players.service.js';
import { SessionsService } from './sessions.service.js';

@Module({
  controllers: [PlayersController],
  providers: [PlayersService, SessionsService],
  exports: [PlayersService, SessionsService],
})
export class PlayersModule {}
