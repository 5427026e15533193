import { once } from 'node:events';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import type { GamePage, LeaderboardEntry, RatingPoint, UserProfile } from '../common/protocol.js';
import { parsePayload } from '../common/validation.js';
import { MatchesService } from '../matches/index.js';
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
  ) {}

  @Get('users/:username')
  @ApiOperation({
    summary:
      'UserProfile: ratings per variant and speed (provisional flag, games, W/D/L), all games W/D/L, member since, online now',
  })
  profile(@Param('username') name: string): Promise<UserProfile> {
    return this.profiles.profile(parsePayload(username, name));
  }

  @Get('users/:username/games')
  @ApiZodQuery(GamesQuery)
  @ApiOperation({
    summary:
      'GamePage: finished games newest first (?variant=&limit=1-100&cursor=), each with opponent, result, rating change, links to the game and its PDN',
  })
  games(@Param('username') name: string, @Query() query: unknown): Promise<GamePage> {
    const q = parsePayload(GamesQuery, query);
    return this.profiles.games(parsePayload(username, name), q);
  }

  @Get('users/:username/games.pdn')
  @ApiOperation({ summary: 'Every finished game of the player as one PDN file, streamed' })
  async pdn(@Param('username') name: string, @Res() res: Response): Promise<void> {
    const user = await this.profiles.account(parsePayload(username, name));
    res.setHeader('Content-Type', 'application/x-chess-pdn; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${user.username}.pdn"`);
    // Game by game: the event loop serves others between them, memory stays one game.
    for await (const id of this.profiles.gameIds(user.username)) {
      if (res.destroyed) return;
      if (!res.write(`${await this.matches.pdn(id)}\n\n`)) await once(res, 'drain');
    }
    res.end();
  }

  @Get('users/:username/rating-history')
  @ApiZodQuery(Pool)
  @ApiOperation({ summary: 'RatingPoint[]: the rating after each rated game (?variant=&speed=)' })
  history(@Param('username') name: string, @Query() query: unknown): Promise<RatingPoint[]> {
    const { variant, speed } = parsePayload(Pool, query);
    return this.profiles.ratingHistory(parsePayload(username, name), variant, speed);
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
