import { Controller, Get, Headers } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PlayersService } from '../players/players.service.js';
import { MatchesService } from './matches.service.js';
import { ApiPlayer } from '../common/openapi.js';

/** "My games": the caller's games still on (the header's count, correspondence players' list). */
@ApiTags('matches')
@Controller('api/me')
export class MyGamesController {
  constructor(
    private readonly matches: MatchesService,
    private readonly players: PlayersService,
  ) {}

  @Get('games')
  @ApiPlayer()
  @ApiOperation({
    summary: 'My games still on (bearer or session), mine to move first: { games, awaiting }',
  })
  async mine(@Headers() headers: Record<string, unknown>) {
    return this.matches.mine((await this.players.identify(headers)).id);
  }
}
