import { once } from 'node:events';
import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import type { GamePage, LeaderboardEntry, RatingPoint, UserProfile } from '../common/protocol.js';
import { parsePayload } from '../common/validation.js';
import { MatchesService } from '../matches/index.js';
import { PlayersService } from '../players/players.service.js';
import { SPEEDS } from '../common/protocol.js';
import { VARIANT_IDS } from '../rules/index.js';
import { ProfilesService } from './profiles.service.js';
import { ApiZodQuery } from '../common/openapi.js';

/** Any shape: a name that is no account's is NOT_FOUND. */
const username = z.string().min(1).max(40);
const GamesQuery = z
  .object({
    variant: z.enum(VARIANT_IDS).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
const Pool = z.object({ variant: z.enum(VARIANT_IDS), speed: z.enum(SPEEDS) }).strict();

/** Profiles, game lists, rating histories and leaderboards: public reads. */
@ApiTags('profiles')
@Controller('api')
export class ProfilesController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly matches: MatchesService,
    private readonly players: PlayersService,
  ) {}

  @Get('users/:username')
  @ApiOperation({
    summary:
      'UserProfile: ratings per variant and speed (provisional flag, games, W/D/L), all games W/D/L, member since, online now',
  })
  async profile(
    @Param('username') name: string,
    @Headers() headers: Record<string, unknown>,
  ): Promise<UserProfile> {
    const user = parsePayload(username, name);
    return this.profiles.profile(user, await this.players.viewer(headers));
  }

  @Get('users/:username/games')
  @ApiZodQuery(GamesQuery)
  @ApiOperation({
    summary:
      'GamePage: finished games newest first (?variant=&limit=1-100&cursor=), each with opponent, result, rating change, links to the game and its PDN',
  })
  async games(
    @Param('username') name: string,
    @Query() query: unknown,
    @Headers() headers: Record<string, unknown>,
  ): Promise<GamePage> {
    const q = parsePayload(GamesQuery, query);
    const user = parsePayload(username, name);
    return this.profiles.games(user, q, await this.players.viewer(headers));
  }

  @Get('users/:username/games.pdn')
  @ApiOperation({ summary: 'Every finished game of the player as one PDN file, streamed' })
  async pdn(
    @Param('username') name: string,
    @Headers() headers: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const viewer = await this.players.viewer(headers);
    const user = await this.profiles.account(parsePayload(username, name), viewer);
    res.setHeader('Content-Type', 'application/x-chess-pdn; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${user.username}.pdn"`);
    // Game by game: the event loop serves others between them, memory stays one game.
    for await (const id of this.profiles.gameIds(user.username, viewer)) {
      if (res.destroyed) return;
      if (!res.write(`${await this.matches.pdn(id)}\n\n`)) await once(res, 'drain');
    }
    res.end();
  }

  @Get('users/:username/rating-history')
  @ApiZodQuery(Pool)
  @ApiOperation({ summary: 'RatingPoint[]: the rating after each rated game (?variant=&speed=)' })
  async history(
    @Param('username') name: string,
    @Query() query: unknown,
    @Headers() headers: Record<string, unknown>,
  ): Promise<RatingPoint[]> {
    const { variant, speed } = parsePayload(Pool, query);
    const user = parsePayload(username, name);
    const viewer = await this.players.viewer(headers);
    return this.profiles.ratingHistory(user, variant, speed, viewer);
  }

  @Get('leaderboard/:variant/:speed')
  @ApiOperation({
    summary: 'LeaderboardEntry[]: the top 100, RD <= 75, active in the last 30 days',
  })
  leaderboard(@Param() params: unknown): Promise<LeaderboardEntry[]> {
    const { variant, speed } = parsePayload(Pool, params);
    return this.profiles.leaderboard(variant, speed);
  }
}
