import { Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiPlayer } from '../common/openapi.js';
import { parsePayload } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { BlocksService } from './blocks.service.js';

const username = z.string().min(1).max(40);

/** Blocks (lichess's /api/rel/block): thin. */
@ApiTags('blocks')
@Controller('api/rel')
export class BlocksController {
  constructor(
    private readonly blocks: BlocksService,
    private readonly players: PlayersService,
  ) {}

  @Post('block/:username')
  @HttpCode(200)
  @ApiPlayer()
  @ApiOperation({
    summary: 'Block a player: no challenge, chat or pairing between you -> { ok: true }',
  })
  async block(@Param('username') name: string, @Headers() headers: Record<string, unknown>) {
    const target = parsePayload(username, name);
    await this.blocks.block(await this.players.identify(headers), target);
    return { ok: true };
  }

  @Post('unblock/:username')
  @HttpCode(200)
  @ApiPlayer()
  @ApiOperation({ summary: 'Lift a block -> { ok: true }' })
  async unblock(@Param('username') name: string, @Headers() headers: Record<string, unknown>) {
    const target = parsePayload(username, name);
    await this.blocks.unblock(await this.players.identify(headers), target);
    return { ok: true };
  }

  @Get('blocking')
  @ApiPlayer()
  @ApiOperation({ summary: 'The usernames you block, newest first -> string[]' })
  async blocking(@Headers() headers: Record<string, unknown>) {
    return this.blocks.blocking(await this.players.identify(headers));
  }
}
