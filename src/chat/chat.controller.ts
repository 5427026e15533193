import { Controller, Get, Headers, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, list, SHAPES } from '../common/openapi.js';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { ChatService } from './chat.service.js';

@ApiTags('chat')
@Controller('api/matches')
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    private readonly players: PlayersService,
  ) {}

  @Get(':id/chat')
  @ApiAnswer(200, list(SHAPES.chatLine))
  @ApiOperation({
    summary:
      "A game's chat, oldest first (the newest 200): its players' room for its players (bearer or session), else its spectators'",
  })
  async lines(@Param('id') id: string, @Headers() headers: Record<string, unknown>) {
    const matchId = parsePayload(uuid, id);
    // Anyone may read the spectators' room: no credentials is a spectator, not an error.
    return this.chat.lines(matchId, await this.players.viewer(headers));
  }
}
