import { Body, Controller, Get, Headers, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { parsePayload } from '../common/validation.js';
import {
  BOARD_THEMES,
  COLOR_SCHEMES,
  LANGUAGES,
  PIECE_STYLES,
  type PlayerSettings,
} from '../common/protocol.js';
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

/** Some settings to change (PATCH): each optional, nothing unknown. */
const SettingsPatch = z
  .object({
    boardTheme: z.enum(BOARD_THEMES),
    pieceStyle: z.enum(PIECE_STYLES),
    colorScheme: z.enum(COLOR_SCHEMES),
    coordinates: z.boolean(),
    squareNumbers: z.boolean(),
    premoves: z.boolean(),
    takebacks: z.boolean(),
    sounds: z.boolean(),
    language: z.enum(LANGUAGES).nullable(),
    notifyYourTurn: z.boolean(),
    notifyChallenges: z.boolean(),
    notifyTournaments: z.boolean(),
    notifyFollowed: z.boolean(),
    browserNotify: z.boolean(),
    titleFlash: z.boolean(),
  })
  .partial()
  .strict() satisfies z.ZodType<Partial<PlayerSettings>>;

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

  @Get('me/settings')
  @ApiPlayer()
  @ApiAnswer(200, SHAPES.settings)
  @ApiOperation({ summary: "The player's settings (bearer or session cookie), defaults filled in" })
  async settings(@Headers() headers: Record<string, unknown>) {
    return this.players.settings((await this.players.identify(headers)).id);
  }

  @Patch('me/settings')
  @ApiPlayer()
  @ApiZodBody(SettingsPatch)
  @ApiAnswer(200, SHAPES.settings)
  @ApiOperation({
    summary: 'Change some settings (guests too: the takebacks switch binds their games) -> all',
  })
  async updateSettings(@Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    const patch = parsePayload(SettingsPatch, body);
    return this.players.updateSettings((await this.players.identify(headers)).id, patch);
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
