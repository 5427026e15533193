import { Body, Controller, Headers, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { parsePayload } from '../common/validation.js';
import { PlayersService } from './players.service.js';
import { ApiAnswer, ApiPlayer, ApiZodBody, SHAPES } from '../common/openapi.js';

const CreatePlayer = z.object({
  name: z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, 'name must have 1-32 characters')
        .max(32, 'name must have 1-32 characters')
        .regex(/^[^\p{C}]+$/u, 'name must be printable'),
    ),
});

@ApiTags('players')
@Controller('api/players')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Post()
  @ApiZodBody(CreatePlayer)
  @ApiAnswer(201, SHAPES.identity)
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a guest identity: { name } -> { id, name, token }' })
  create(@Body() body: unknown) {
    const { name } = parsePayload(CreatePlayer, body);
    return this.players.create(name);
  }

  @Patch('me')
  @ApiPlayer()
  @ApiZodBody(CreatePlayer.strict())
  @ApiOperation({
    summary:
      "A guest's new name (bearer): { name } -> { id, name }; same identity, same games (an account's name is its username)",
  })
  async rename(@Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    const { name } = parsePayload(CreatePlayer.strict(), body);
    return this.players.rename(await this.players.identify(headers), name);
  }
}
