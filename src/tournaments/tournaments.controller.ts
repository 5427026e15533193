import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { ApiAnswer, ApiPlayer, ApiZodBody, ApiZodQuery, list, SHAPES } from '../common/openapi.js';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import { TokensService } from '../tokens/tokens.service.js';
import { TournamentsService } from './tournaments.service.js';

const Join = z.object({ password: z.string().max(64).optional() }).strict();
const PageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

type HeaderBag = Record<string, unknown>;

/** REST face of arenas (PROTOCOL.md, Tournaments); Swiss events have /api/swiss. */
@ApiTags('tournaments')
@Controller('api')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly players: PlayersService,
    private readonly tokens: TokensService,
  ) {}

  @Get('tournament')
  @ApiOperation({ summary: 'Arenas and Swiss events: { created, started, finished }' })
  list() {
    return this.tournaments.list();
  }

  @Post('tournament')
  @ApiPlayer()
  @HttpCode(201)
  @ApiAnswer(201, SHAPES.tournament)
  @ApiOperation({
    summary:
      'Make an arena (accounts): { name?, variant, clock, minutes (20-180), startsAt?, rated?, berserkable?, streaks?, password?, conditions? }',
  })
  async create(@Body() body: unknown, @Headers() headers: HeaderBag) {
    return this.tournaments.createArena(await this.players.identify(headers), body ?? {});
  }

  @Get('tournament/:id')
  @ApiOperation({
    summary:
      'An event: { tournament, standings (page 1), me, featured, podium } (me: with a token)',
  })
  async page(@Param('id') id: string, @Headers() headers: HeaderBag) {
    return this.tournaments.page(parsePayload(uuid, id), await this.maybe(headers));
  }

  @Get('tournament/:id/standings')
  @ApiAnswer(200, { type: 'object', properties: { players: list(SHAPES.standing) } })
  @ApiZodQuery(PageQuery)
  @ApiOperation({ summary: 'A page of the standings (?page=1, 20 a page)' })
  standings(@Param('id') id: string, @Query() query: unknown) {
    const { page } = parsePayload(PageQuery, query ?? {});
    return this.tournaments.standings(parsePayload(uuid, id), page);
  }

  @Get('tournament/:id/games')
  @ApiOperation({ summary: "The event's games, newest first" })
  games(@Param('id') id: string) {
    return this.tournaments.games(parsePayload(uuid, id));
  }

  @Post('tournament/:id/join')
  @ApiPlayer()
  @HttpCode(200)
  @ApiZodBody(Join, false)
  @ApiOperation({ summary: 'Join or rejoin (bots where the organiser allows): { password? }' })
  async join(@Param('id') id: string, @Body() body: unknown, @Headers() headers: HeaderBag) {
    const { password } = parsePayload(Join, body ?? {});
    const player = await this.entrant(headers);
    return this.tournaments.join(player, parsePayload(uuid, id), password);
  }

  @Post('tournament/:id/withdraw')
  @ApiPlayer()
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw (the score stays; join again to come back)' })
  async withdraw(@Param('id') id: string, @Headers() headers: HeaderBag) {
    const player = await this.entrant(headers);
    return this.tournaments.leave(player, parsePayload(uuid, id), 'withdrawn');
  }

  @Post('tournament/:id/pause')
  @ApiPlayer()
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause: not paired until joining again' })
  async pause(@Param('id') id: string, @Headers() headers: HeaderBag) {
    const player = await this.entrant(headers);
    return this.tournaments.leave(player, parsePayload(uuid, id), 'paused');
  }

  @Post('matches/:id/berserk')
  @ApiPlayer()
  @HttpCode(200)
  @ApiOperation({ summary: 'Arena berserk: halve my clock before my first move (no increment)' })
  async berserk(@Param('id') id: string, @Headers() headers: HeaderBag) {
    await this.tournaments.berserk(await this.players.identify(headers), parsePayload(uuid, id));
    return { ok: true };
  }

  /**
   * Who joins or withdraws: a player's own token or session, or (the Bot and Board APIs) a
   * personal token that may play (`bot:play` or `board:play`).
   */
  private entrant(headers: HeaderBag): Promise<PlayerIdentity> {
    const auth = headers.authorization;
    if (typeof auth === 'string' && /^Bearer\s+dam_/i.test(auth))
      return this.tokens.require(auth, 'bot:play', 'board:play');
    return this.players.identify(headers);
  }

  /** The caller if identified (a page reads the same without a token). */
  private async maybe(headers: HeaderBag): Promise<PlayerIdentity | null> {
    try {
      return await this.players.identify(headers);
    } catch (e) {
      if (e instanceof DomainError && e.code === 'UNAUTHENTICATED') return null;
      throw e;
    }
  }
}
