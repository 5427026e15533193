import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { MAX_SQUARE, parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { checkSquares } from './match-rules.js';
import { MatchesService } from './matches.service.js';
import { MovementService } from './movement.service.js';
import { RestMove } from './move-body.js';
import { ApiAnswer, ApiPlayer, ApiZodBody, ApiZodQuery, list, SHAPES } from '../common/openapi.js';

const SquareQuery = z.object({
  square: z
    .string()
    .regex(/^\d{1,2}$/, 'square must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_SQUARE)),
});

const ListQuery = z.object({ status: z.enum(['active', 'finished']).default('active') }).strict();

/** REST face of matches (PROTOCOL.md); thin, like the gateway. */
@ApiTags('matches')
@Controller('api/matches')
export class MatchesController {
  constructor(
    private readonly matches: MatchesService,
    private readonly movement: MovementService,
    private readonly players: PlayersService,
  ) {}

  @Get()
  @ApiZodQuery(ListQuery)
  @ApiOperation({ summary: 'Matches by status (lobby / TV): ?status=active (default) or finished' })
  list(@Query() query: unknown) {
    const { status } = parsePayload(ListQuery, query);
    return this.matches.list(status);
  }

  @Get(':id')
  @ApiAnswer(200, SHAPES.matchState)
  @ApiOperation({ summary: 'MatchState' })
  state(@Param('id') id: string) {
    return this.matches.state(parsePayload(uuid, id));
  }

  @Get(':id/moves')
  @ApiZodQuery(SquareQuery)
  @ApiAnswer(200, {
    type: 'object',
    properties: { moves: list({ $ref: '#/components/schemas/Move' }) },
  })
  @ApiOperation({ summary: 'Legal moves of the piece on ?square=N' })
  moves(@Param('id') id: string, @Query() query: unknown) {
    const matchId = parsePayload(uuid, id);
    const { square } = parsePayload(SquareQuery, query);
    return this.matches.movesOf(matchId, square);
  }

  @Post(':id/moves')
  @ApiPlayer()
  @ApiZodBody(RestMove)
  @ApiAnswer(201, SHAPES.moveEvent)
  @HttpCode(201)
  @ApiOperation({
    summary: 'Play a move (bearer token or session cookie): { from, to } or { path } -> MoveEvent',
  })
  async play(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers() headers: Record<string, unknown>,
  ) {
    const matchId = parsePayload(uuid, id);
    const req = parsePayload(RestMove, body);
    // Squares off this match's board are a bad payload, which comes before who is asking
    // (PROTOCOL.md's precedence); an unknown match is NOT_FOUND after that.
    // A match moved here recently is in the move cache: no extra read on the usual path.
    const variant = this.movement.cachedVariant(matchId) ?? (await this.matches.variantOf(matchId));
    if (variant) checkSquares(variant, req);
    const player = await this.players.identify(headers);
    return this.movement.move(player, matchId, req);
  }

  @Get(':id/history')
  @ApiAnswer(200, list(SHAPES.moveEvent))
  @ApiOperation({ summary: 'MoveEvent[] in ply order' })
  history(@Param('id') id: string) {
    return this.matches.history(parsePayload(uuid, id));
  }

  @Get(':id/pdn')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'PDN 3.0 of the game' })
  pdn(@Param('id') id: string) {
    return this.matches.pdn(parsePayload(uuid, id));
  }
}
