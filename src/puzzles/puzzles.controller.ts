import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { ApiAnswer, ApiPlayer, ApiZodBody, ApiZodQuery, SHAPES } from '../common/openapi.js';
import { PUZZLE_THEMES } from '../common/protocol.js';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { sessionIdOf } from '../players/web-security.js';
import { VARIANT_IDS } from '../rules/index.js';
import { PUZZLE_ID } from './puzzle-record.js';
import { PuzzlesService, type Puzzler } from './puzzles.service.js';
import { StormService } from './storm.service.js';

type HeaderBag = Record<string, unknown>;

const puzzleId = z.string().regex(PUZZLE_ID, { message: 'a puzzle id is 6 letters or digits' });
const NextQuery = z
  .object({ variant: z.enum(VARIANT_IDS), theme: z.enum(PUZZLE_THEMES).optional() })
  .strict();
const DailyQuery = z.object({ variant: z.enum(VARIANT_IDS).optional() }).strict();
const VariantQuery = z.object({ variant: z.enum(VARIANT_IDS) }).strict();
const Round = z.object({ win: z.boolean() }).strict();
const Vote = z.object({ up: z.boolean() }).strict();
const StormStartBody = z.object({ variant: z.enum(VARIANT_IDS) }).strict();
const count = z.number().int().min(0).max(100_000);
const StormEndBody = z
  .object({
    score: count,
    moves: count,
    errors: count,
    combo: count,
    time: z
      .number()
      .min(0)
      .max(24 * 3600),
  })
  .strict();
const DashboardQuery = z
  .object({ days: z.coerce.number().int().min(1).max(365).default(30) })
  .strict();
const username = z.string().min(1).max(40);
/** A streak's length. */
const STREAK_PUZZLES = 60;

/** Puzzles (PROTOCOL.md, v1.18): solving, rating, daily, streak, storm, dashboard. */
@ApiTags('puzzles')
@Controller('api')
export class PuzzlesController {
  constructor(
    private readonly puzzles: PuzzlesService,
    private readonly storm: StormService,
    private readonly players: PlayersService,
  ) {}

  /** The caller's player id, if it says who it is (a page reads the same without: a bad login too). */
  private async viewer(headers: HeaderBag): Promise<string | null> {
    try {
      return (await this.players.identify(headers)).id;
    } catch (e) {
      if (e instanceof DomainError && e.code === 'UNAUTHENTICATED') return null;
      throw e;
    }
  }

  /**
   * The caller of a write: an account, a guest with a token (unrated), or nobody (no token, no
   * session cookie: unrated). A token or session that is there but bad or expired is 401, as on
   * every other write: a round or storm run of a signed-out account must not pass as a guest's.
   */
  private async puzzler(headers: HeaderBag): Promise<Puzzler | null> {
    if (headers.authorization === undefined && sessionIdOf(headers.cookie) === undefined)
      return null;
    const { id } = await this.players.identify(headers);
    return { id, account: await this.players.isAccount(id) };
  }

  @Get('puzzle/daily')
  @ApiZodQuery(DailyQuery)
  @ApiAnswer(200, SHAPES.dailyPuzzle)
  @ApiOperation({
    summary:
      "The day's puzzle (UTC), the same for everyone: PuzzleView + date (?variant=, default brazilian)",
  })
  async daily(@Query() query: unknown, @Headers() headers: HeaderBag) {
    const { variant } = parsePayload(DailyQuery, query ?? {});
    return this.puzzles.daily(variant, await this.viewer(headers));
  }

  @Get('puzzle/next')
  @ApiZodQuery(NextQuery)
  @ApiAnswer(200, SHAPES.puzzleView)
  @ApiOperation({
    summary:
      "A puzzle near the caller's puzzle rating, never one an account played (a guest: random near 1500); none: 404",
  })
  async next(@Query() query: unknown, @Headers() headers: HeaderBag) {
    const { variant, theme } = parsePayload(NextQuery, query ?? {});
    return this.puzzles.next(variant, theme, await this.viewer(headers));
  }

  @Get('puzzle/streak')
  @ApiZodQuery(VariantQuery)
  @ApiOperation({ summary: '{ puzzles: PuzzleView[] }: 60 puzzles of rising rating' })
  streak(@Query() query: unknown) {
    const { variant } = parsePayload(VariantQuery, query ?? {});
    return this.puzzles.streak(variant, STREAK_PUZZLES);
  }

  @Get('puzzle/:id')
  @ApiAnswer(200, SHAPES.puzzleView)
  @ApiOperation({ summary: 'PuzzleView; an unknown id: 404' })
  async byId(@Param('id') id: string, @Headers() headers: HeaderBag) {
    return this.puzzles.byId(parsePayload(puzzleId, id), await this.viewer(headers));
  }

  @Post('puzzle/:id/round')
  @ApiPlayer()
  @HttpCode(200)
  @ApiZodBody(Round)
  @ApiAnswer(200, SHAPES.puzzleRound)
  @ApiOperation({
    summary:
      "{ win }: an account's first attempt is rated, later ones casual, a guest's unrated; the same post again within 30 s gets the same answer",
  })
  async round(@Param('id') id: string, @Body() body: unknown, @Headers() headers: HeaderBag) {
    const pid = parsePayload(puzzleId, id);
    const { win } = parsePayload(Round, body ?? {});
    return this.puzzles.round(pid, win, await this.puzzler(headers));
  }

  @Post('puzzle/:id/vote')
  @ApiPlayer()
  @HttpCode(200)
  @ApiZodBody(Vote)
  @ApiOperation({
    summary:
      '{ up } (accounts that played it) -> { up, down, retired }: voted down hard, a puzzle is retired',
  })
  async vote(@Param('id') id: string, @Body() body: unknown, @Headers() headers: HeaderBag) {
    const pid = parsePayload(puzzleId, id);
    const { up } = parsePayload(Vote, body ?? {});
    return this.puzzles.vote(pid, up, await this.puzzler(headers));
  }

  @Post('storm/start')
  @HttpCode(200)
  @ApiZodBody(StormStartBody)
  @ApiOperation({ summary: '{ variant } -> { run, puzzles: PuzzleView[] (rising), seconds: 180 }' })
  async stormStart(@Body() body: unknown, @Headers() headers: HeaderBag) {
    const { variant } = parsePayload(StormStartBody, body ?? {});
    return this.storm.start(variant, await this.puzzler(headers));
  }

  @Post('storm/:run/end')
  @HttpCode(200)
  @ApiZodBody(StormEndBody)
  @ApiOperation({
    summary:
      '{ score, moves, errors, combo, time } -> { score, best }; a score the time could not hold: 422 REFUSED/STORM_IMPOSSIBLE',
  })
  async stormEnd(@Param('run') run: string, @Body() body: unknown, @Headers() headers: HeaderBag) {
    const id = parsePayload(uuid, run);
    const claim = parsePayload(StormEndBody, body ?? {});
    return this.storm.end(id, claim, await this.puzzler(headers));
  }

  @Get('player/:name/puzzles')
  @ApiZodQuery(DashboardQuery)
  @ApiOperation({
    summary:
      'Puzzle dashboard: per variant the rating, solved and failed (rated rounds of the last ?days=30), by theme, storm best',
  })
  dashboard(@Param('name') name: string, @Query() query: unknown) {
    const { days } = parsePayload(DashboardQuery, query ?? {});
    return this.puzzles.dashboard(parsePayload(username, name), days);
  }
}
