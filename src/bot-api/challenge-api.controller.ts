import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Terms, RestDecline } from '../challenges/challenge-rules.js';
import { ChallengesService } from '../challenges/challenges.service.js';
import { DomainError } from '../common/errors.js';
import { parsePayload, uuid } from '../common/validation.js';
import { ComputerPlay } from '../computer/index.js';
import { ComputerService } from '../computer/index.js';
import { BotAccountsService } from './bot-accounts.service.js';
import { ApiPlayer, ApiZodBody } from '../common/openapi.js';

/**
 * Challenges for programs (token with challenge:write, bot:play or board:play): the same
 * challenges as the site's (ChallengesService), addressed the Bot API's way.
 */
@ApiTags('bot and board APIs')
@Controller('api/challenge')
@ApiPlayer()
export class ChallengeApiController {
  constructor(
    private readonly access: BotAccountsService,
    private readonly challenges: ChallengesService,
    private readonly computer: ComputerService,
  ) {}

  @Post('ai')
  @ApiZodBody(ComputerPlay, false)
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Play the computer: { level 1-8, variant?, clock?, color?, fen? } -> { matchId } (the game starts at once; gameStart on the event stream)',
  })
  async ai(@Body() body: unknown, @Headers('authorization') authorization: unknown) {
    const { variant, clock, level, color, fen } = parsePayload(ComputerPlay, body ?? {});
    const holder = await this.access.challenger(authorization, 'challenge:write');
    return this.computer.start(holder, variant, clock ?? null, level, color, fen);
  }

  @Post(':username')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Challenge a player by username: { variant?, clock? | days?, color?, rated?, fen? } -> Challenge',
  })
  async create(
    @Param('username') username: string,
    @Body() body: unknown,
    @Headers('authorization') authorization: unknown,
  ) {
    if (!/^[A-Za-z0-9_-]{1,30}$/.test(username))
      throw new DomainError('INVALID_PAYLOAD', 'username: letters, digits, _ and - only');
    const given = (body ?? {}) as Record<string, unknown>;
    if (typeof given !== 'object' || Array.isArray(given) || 'to' in given || 'public' in given)
      throw new DomainError('INVALID_PAYLOAD', 'the body holds the terms; the player is the path');
    const terms = parsePayload(Terms, { ...given, to: username });
    const holder = await this.access.challenger(authorization, 'challenge:write');
    return this.challenges.create(holder, terms);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept a challenge -> { ok: true, matchId }' })
  async accept(@Param('id') id: string, @Headers('authorization') authorization: unknown) {
    const challengeId = parsePayload(uuid, id);
    const holder = await this.access.challenger(authorization, 'challenge:write');
    return { ok: true, ...(await this.challenges.accept(holder, challengeId)) };
  }

  @Post(':id/decline')
  @ApiZodBody(RestDecline, false)
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a challenge: { reason? } -> Challenge' })
  async decline(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('authorization') authorization: unknown,
  ) {
    const challengeId = parsePayload(uuid, id);
    const { reason } = parsePayload(RestDecline, body ?? {});
    const holder = await this.access.challenger(authorization, 'challenge:write');
    await this.challenges.decline(holder, challengeId, reason);
    return this.challenges.get(challengeId);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel your challenge -> Challenge' })
  async cancel(@Param('id') id: string, @Headers('authorization') authorization: unknown) {
    const challengeId = parsePayload(uuid, id);
    const holder = await this.access.challenger(authorization, 'challenge:write');
    await this.challenges.cancel(holder, challengeId);
    return this.challenges.get(challengeId);
  }
}
