import { Controller, Get, Headers } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PlaybanStatus } from '../common/protocol.js';
import { PlayersService } from '../players/players.service.js';
import { PlaybansService } from './playbans.service.js';

/** Fair play over HTTP: thin. */
@ApiTags('fairplay')
@Controller('api')
export class FairplayController {
  constructor(
    private readonly playbans: PlaybansService,
    private readonly players: PlayersService,
  ) {}

  @Get('players/me/playban')
  @ApiOperation({
    summary:
      'My playban: { playban: { reason: "abort" | "noStart" | "leave", until (epoch ms) } | null } (v1.19)',
  })
  async playban(@Headers() headers: Record<string, unknown>): Promise<PlaybanStatus> {
    const player = await this.players.identify(headers);
    return { playban: await this.playbans.current(player.id) };
  }
}
