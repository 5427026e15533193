import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiAnswer, ApiPlayer, SHAPES } from '../common/openapi.js';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { TournamentsService } from './tournaments.service.js';

type HeaderBag = Record<string, unknown>;

/**
 * REST face of Swiss events (PROTOCOL.md, Tournaments): made here, read and joined as any
 * tournament (/api/tournament/:id, .../join, .../withdraw), and exported as TRF.
 */
@ApiTags('tournaments')
@Controller('api/swiss')
export class SwissController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly players: PlayersService,
  ) {}

  @Post()
  @ApiPlayer()
  @HttpCode(201)
  @ApiAnswer(201, SHAPES.tournament)
  @ApiOperation({
    summary:
      'Make a Swiss event (accounts): { name?, variant, clock | days, rounds (3-15), startsAt?, roundInterval (ms | "auto"), lateJoinUntilRound?, tiebreaks?, rated?, password?, conditions? }',
  })
  async create(@Body() body: unknown, @Headers() headers: HeaderBag) {
    return this.tournaments.createSwiss(await this.players.identify(headers), body ?? {});
  }

  /** `/api/swiss/:id.trf`: the TRF16 export; `/api/swiss/:id`: the event's page. */
  @Get(':file')
  @ApiOperation({ summary: 'A Swiss event (as /api/tournament/:id), or :id.trf: its TRF16 export' })
  async get(@Param('file') file: string, @Res({ passthrough: true }) res: Response) {
    if (!file.endsWith('.trf')) return this.tournaments.page(parsePayload(uuid, file), null);
    const text = await this.tournaments.trf(parsePayload(uuid, file.slice(0, -4)));
    res.type('text/plain');
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    return text;
  }
}
