import { Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { ApiPlayer, ApiZodQuery } from '../common/openapi.js';
import type {
  AutocompleteObjects,
  FollowChange,
  FollowedNow,
  PlayerLight,
  RelStatus,
} from '../common/protocol.js';
import { parsePayload } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { FollowsService } from './follows.service.js';
import { PlayerSearch } from './player-search.service.js';

type HeaderBag = Record<string, unknown>;

/** Any shape: a name that is no account's is NOT_FOUND. */
const username = z.string().min(1).max(40);
const AutocompleteQuery = z
  .object({
    term: z.string().max(100),
    object: z.enum(['0', '1', 'false', 'true']).optional(),
  })
  .strict();

/** Find and follow (PROTOCOL.md, v1.19): the player search, follows and their lists. */
@ApiTags('social')
@Controller('api')
export class SocialController {
  constructor(
    private readonly search: PlayerSearch,
    private readonly follows: FollowsService,
    private readonly players: PlayersService,
  ) {}

  /** The caller, if it says who it is (a public read answers the same to a bad login). */
  private async viewer(headers: HeaderBag): Promise<string | null> {
    try {
      return (await this.players.identify(headers)).id;
    } catch (e) {
      if (e instanceof DomainError && e.code === 'UNAUTHENTICATED') return null;
      throw e;
    }
  }

  @Get('player/autocomplete')
  @ApiZodQuery(AutocompleteQuery)
  @ApiOperation({
    summary:
      'Accounts whose name starts with ?term= (any case, 2+ characters), at most 12 in name order: string[]; with &object=1, { result: PlayerLight[] } (id, name, title, online)',
  })
  async autocomplete(@Query() query: unknown): Promise<string[] | AutocompleteObjects> {
    const { term, object } = parsePayload(AutocompleteQuery, query ?? {});
    if (object === '1' || object === 'true') return { result: await this.search.objects(term) };
    return this.search.names(term);
  }

  @Post('rel/follow/:username')
  @ApiPlayer()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Follow the account (accounts only; idempotent; at most 400): { ok, id, username, following, followers }',
  })
  async follow(@Param('username') name: string, @Headers() headers: HeaderBag) {
    return this.setFollow(name, headers, true);
  }

  @Post('rel/unfollow/:username')
  @ApiPlayer()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stop following the account (idempotent): { ok, id, username, following, followers }',
  })
  async unfollow(@Param('username') name: string, @Headers() headers: HeaderBag) {
    return this.setFollow(name, headers, false);
  }

  private async setFollow(
    name: string,
    headers: HeaderBag,
    follow: boolean,
  ): Promise<{ ok: true } & FollowChange> {
    const target = parsePayload(username, name);
    const { id } = await this.players.identify(headers);
    return { ok: true, ...(await this.follows.setFollow(id, target, follow)) };
  }

  @Get('rel/status/:username')
  @ApiOperation({
    summary:
      "RelStatus: followers and following counts, whether the caller follows, online, the live game's id (playing)",
  })
  async status(@Param('username') name: string, @Headers() headers: HeaderBag): Promise<RelStatus> {
    return this.follows.status(parsePayload(username, name), await this.viewer(headers));
  }

  @Get('rel/followers/:username')
  @ApiOperation({ summary: 'PlayerLight[]: who follows the account, newest first, at most 100' })
  followers(@Param('username') name: string): Promise<PlayerLight[]> {
    return this.follows.list(parsePayload(username, name), 'followers');
  }

  @Get('rel/following/:username')
  @ApiOperation({ summary: 'PlayerLight[]: whom the account follows, newest first, at most 100' })
  following(@Param('username') name: string): Promise<PlayerLight[]> {
    return this.follows.list(parsePayload(username, name), 'following');
  }

  @Get('rel/following-now')
  @ApiPlayer()
  @ApiOperation({
    summary:
      "FollowedNow[]: of the players the caller follows, those online now with the live game's id (playing first)",
  })
  async followingNow(@Headers() headers: HeaderBag): Promise<FollowedNow[]> {
    const { id } = await this.players.identify(headers);
    return this.follows.followingNow(id);
  }
}
