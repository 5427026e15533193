import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { RestDecline, Terms } from './challenge-rules.js';
import { ChallengesService } from './challenges.service.js';
import { ApiAnswer, ApiPlayer, ApiZodBody, list, SHAPES } from '../common/openapi.js';

/** REST face of challenges and the lobby (PROTOCOL.md v1.5). */
@ApiTags('challenges')
@Controller('api')
export class ChallengesController {
  constructor(
    private readonly challenges: ChallengesService,
    private readonly players: PlayersService,
  ) {}

  @Post('challenges')
  @ApiPlayer()
  @ApiZodBody(Terms, false)
  @ApiAnswer(201, SHAPES.challenge)
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Challenge (bearer or session): { variant?, clock? | days?, color?, rated?, fen?, to?, public? } -> Challenge with its url',
  })
  async create(@Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    const terms = parsePayload(Terms, body ?? {});
    return this.challenges.create(await this.players.identify(headers), terms);
  }

  @Get('challenges')
  @ApiPlayer()
  @ApiOperation({ summary: 'My open challenges (bearer or session): { in, out }' })
  async mine(@Headers() headers: Record<string, unknown>) {
    return this.challenges.mine(await this.players.identify(headers));
  }

  @Get('challenges/:id')
  @ApiAnswer(200, SHAPES.challenge)
  @ApiOperation({ summary: 'A challenge (anyone with its link)' })
  get(@Param('id') id: string) {
    return this.challenges.get(parsePayload(uuid, id));
  }

  @Post('challenges/:id/accept')
  @ApiPlayer()
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept: -> { matchId } (both players get match:start)' })
  async accept(@Param('id') id: string, @Headers() headers: Record<string, unknown>) {
    const challengeId = parsePayload(uuid, id);
    return this.challenges.accept(await this.players.identify(headers), challengeId);
  }

  @Post('challenges/:id/decline')
  @ApiPlayer()
  @ApiZodBody(RestDecline, false)
  @ApiAnswer(200, SHAPES.challenge)
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline: { reason? } -> Challenge' })
  async decline(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers() headers: Record<string, unknown>,
  ) {
    const challengeId = parsePayload(uuid, id);
    const { reason } = parsePayload(RestDecline, body ?? {});
    await this.challenges.decline(await this.players.identify(headers), challengeId, reason);
    return this.challenges.get(challengeId);
  }

  @Post('challenges/:id/cancel')
  @ApiPlayer()
  @ApiAnswer(200, SHAPES.challenge)
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel (the challenger): -> Challenge' })
  async cancel(@Param('id') id: string, @Headers() headers: Record<string, unknown>) {
    const challengeId = parsePayload(uuid, id);
    await this.challenges.cancel(await this.players.identify(headers), challengeId);
    return this.challenges.get(challengeId);
  }

  @Get('lobby/seeks')
  @ApiAnswer(200, list(SHAPES.challenge))
  @ApiOperation({ summary: 'The lobby: open seeks, oldest first' })
  seeks() {
    return this.challenges.seeks();
  }
}
