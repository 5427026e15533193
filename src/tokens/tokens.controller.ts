import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { TOKEN_SCOPES } from '../common/protocol.js';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { TokensService } from './tokens.service.js';
import { personalTokenHash } from './verified-tokens.js';
import { ApiZodBody } from '../common/openapi.js';

const NewToken = z
  .object({
    description: z.string().trim().min(1).max(100),
    scopes: z.array(z.enum(TOKEN_SCOPES)).min(1).max(TOKEN_SCOPES.length),
  })
  .strict();

/**
 * Personal access tokens, managed by the account itself: its session cookie or its own bearer
 * token (a personal token cannot make or list tokens).
 */
@ApiTags('tokens')
@Controller('api/tokens')
export class TokensController {
  constructor(
    private readonly tokens: TokensService,
    private readonly players: PlayersService,
  ) {}

  @Post()
  @ApiZodBody(NewToken)
  @HttpCode(201)
  @ApiOperation({
    summary:
      'A personal token (account): { description, scopes: ["bot:play" | "board:play" | "challenge:read" | "challenge:write" | "engine:analyse"] } -> { id, description, scopes, createdAt, token } (the token is shown this once)',
  })
  async create(@Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    const { description, scopes } = parsePayload(NewToken, body);
    return this.tokens.create(await this.account(headers), description, scopes);
  }

  @Get()
  @ApiOperation({ summary: "The account's tokens (without their secrets), newest first" })
  async list(@Headers() headers: Record<string, unknown>) {
    return this.tokens.list(await this.account(headers));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a token: it answers 401 from then on' })
  async revoke(@Param('id') id: string, @Headers() headers: Record<string, unknown>) {
    const tokenId = parsePayload(uuid, id);
    await this.tokens.revoke(await this.account(headers), tokenId);
  }

  /** The account itself (cookie or its own token); a personal token is told why it is refused. */
  private account(headers: Record<string, unknown>) {
    if (personalTokenHash(headers.authorization))
      throw new DomainError(
        'UNAUTHENTICATED',
        "a personal token cannot manage tokens: use the account's own token or a logged-in browser",
      );
    return this.players.identify(headers);
  }
}
