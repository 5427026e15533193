import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/index.js';
import { MatchesModule } from '../matches/index.js';
import { PlayersModule } from '../players/players.module.js';
import { ChatController } from './chat.controller.js';
import { ChatGateway } from './chat.gateway.js';
import { ChatService } from './chat.service.js';

/** Each game's chat: the players' room and the spectators' room. */
@Module({
  imports: [BlocksModule, PlayersModule, MatchesModule],
  controllers: [ChatController],
  providers: [ChatService, ChatGateway],
  exports: [ChatService],
})
export class ChatModule {}
