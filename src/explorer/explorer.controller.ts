import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswer, ApiZodQuery, SHAPES } from '../common/openapi.js';
import { RATING_BANDS, SPEEDS, type RatingBand, type Speed } from '../common/protocol.js';
import { parsePayload, uuid } from '../common/validation.js';
import { VARIANT_IDS } from '../rules/index.js';
import { ExplorerService } from './explorer.service.js';

/** "a,b,c" as a list of allowed values (order kept, repeats dropped). */
const listOf = <T extends string | number>(allowed: readonly T[], what: string) =>
  z
    .string()
    .max(200)
    .transform((s, ctx) => {
      const out: T[] = [];
      for (const part of s.split(',').filter((p) => p !== '')) {
        const hit = allowed.find((a) => String(a) === part);
        if (hit === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `"${part.slice(0, 20)}" is not a ${what} (${allowed.join(', ')})`,
          });
          return z.NEVER;
        }
        if (!out.includes(hit)) out.push(hit);
      }
      return out;
    });

const base = {
  variant: z.enum(VARIANT_IDS),
  fen: z.string().min(1).max(1000).optional(),
  moves: z.coerce.number().int().min(1).max(50).default(12),
  play: z
    .string()
    .max(4000)
    .transform((s) => s.split(',').filter((m) => m !== ''))
    .pipe(z.array(z.string()).max(300, { message: 'at most 300 moves' }))
    .optional(),
  // lichess's names for the lists' lengths (0-4).
  topGames: z.coerce.number().int().min(0).max(4).optional(),
  recentGames: z.coerce.number().int().min(0).max(4).optional(),
};
const speeds = listOf<Speed>(SPEEDS, 'speed').optional();
const SiteQuery = z
  .object({ ...base, speeds, ratings: listOf<RatingBand>(RATING_BANDS, 'rating band').optional() })
  .strict();
// The issue's template lists speeds and ratings for both; the masters' games have neither: accepted, no effect.
const MastersQuery = z
  .object({
    ...base,
    speeds,
    ratings: listOf<RatingBand>(RATING_BANDS, 'rating band').optional(),
  })
  .strict();
const PlayerQuery = z
  .object({
    ...base,
    name: z.string().min(1).max(40),
    color: z.enum(['white', 'black']),
    speeds,
  })
  .strict();

/** The opening explorer (PROTOCOL.md, v1.20): public reads, no login. */
@ApiTags('explorer')
@Controller('api/explorer')
export class ExplorerController {
  constructor(private readonly explorer: ExplorerService) {}

  @Get('lichess')
  @ApiZodQuery(SiteQuery)
  @ApiAnswer(200, SHAPES.explorer)
  @ApiOperation({
    summary:
      "The site's games through a position (named as lichess's explorer names its site database): moves with results, top and recent games, the opening's name",
  })
  site(@Query() query: unknown) {
    return this.explorer.site(parsePayload(SiteQuery, query ?? {}));
  }

  @Get('masters')
  @ApiZodQuery(MastersQuery)
  @ApiAnswer(200, SHAPES.explorer)
  @ApiOperation({
    summary: 'Imported tournament games through a position (no speed or rating filter)',
  })
  masters(@Query() query: unknown) {
    return this.explorer.masters(parsePayload(MastersQuery, query ?? {}));
  }

  @Get('player')
  @ApiZodQuery(PlayerQuery)
  @ApiAnswer(200, SHAPES.explorer)
  @ApiOperation({
    summary:
      "One account's games through a position as `color` (its latest 500 games as that colour); unknown: 404",
  })
  player(@Query() query: unknown) {
    return this.explorer.player(parsePayload(PlayerQuery, query ?? {}));
  }

  @Get('masters/pdn/:id')
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'One imported game as PDN; unknown: 404' })
  pdn(@Param('id') id: string) {
    return this.explorer.masterPdn(parsePayload(uuid, id));
  }
}
