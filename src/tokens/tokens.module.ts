import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { TokensController } from './tokens.controller.js';
import { TokensService } from './tokens.service.js';

/** Personal access tokens with scopes (PROTOCOL.md v1.6), for the Bot, Board and engine APIs. */
@Module({
  imports: [PlayersModule],
  controllers: [TokensController],
  providers: [TokensService],
  exports: [TokensService],
})
export class TokensModule {}
