import { once } from 'node:events';
import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AccountData } from '../common/protocol.js';
import { MatchesService } from '../matches/index.js';
import { PlayersService } from '../players/players.service.js';
import { ProfilesService } from '../profiles/profiles.service.js';
import { YourDataService } from './your-data.service.js';

/** Your data (v1.19): your games as PDN, your account as JSON. Thin. */
@ApiTags('fairplay')
@Controller('api/accounts/me/export')
export class YourDataController {
  constructor(
    private readonly data: YourDataService,
    private readonly players: PlayersService,
    private readonly profiles: ProfilesService,
    private readonly matches: MatchesService,
  ) {}

  @Get('games.pdn')
  @ApiOperation({ summary: 'All my finished games as one PDN file, streamed (an account; v1.19)' })
  async games(@Headers() headers: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const player = await this.players.identify(headers);
    const username = await this.data.username(player.id);
    res.setHeader('Content-Type', 'application/x-chess-pdn; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${username}-games.pdn"`);
    // Game by game: memory stays one game, the event loop serves others between them.
    for await (const id of this.profiles.gameIds(username, { name: username })) {
      if (res.destroyed) return;
      if (!res.write(`${await this.matches.pdn(id)}\n\n`)) await once(res, 'drain');
    }
    res.end();
  }

  @Get('data.json')
  @ApiOperation({
    summary:
      'My account data as JSON: profile, settings, ratings, puzzle ratings, chat lines, tokens (names and scopes, never secrets), playbans (v1.19)',
  })
  async json(
    @Headers() headers: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountData> {
    const player = await this.players.identify(headers);
    const data = await this.data.data(player.id);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${data.profile.username}-data.json"`,
    );
    return data;
  }
}
