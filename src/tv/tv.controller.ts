import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { NdjsonStream } from '../bot-api/ndjson.js';
import { ApiAnswer, ApiZodQuery, SHAPES } from '../common/openapi.js';
import { parsePayload } from '../common/validation.js';
import { VARIANT_IDS } from '../rules/index.js';
import { TvService } from './tv.service.js';

const FeedQuery = z.object({ variant: z.enum(VARIANT_IDS).optional() }).strict();

/** TV (PROTOCOL.md v1.19): the channels, and a channel's NDJSON feed. Public, like lichess's. */
@ApiTags('tv')
@Controller('api/tv')
export class TvController {
  constructor(private readonly tv: TvService) {}

  @Get('channels')
  @ApiAnswer(200, SHAPES.tvChannels)
  @ApiOperation({ summary: "Each channel's featured game: best, and one per variant" })
  channels() {
    return this.tv.listChannels();
  }

  @Get('feed')
  @ApiZodQuery(FeedQuery)
  @ApiOperation({
    summary:
      "NDJSON: {t:featured} (the game, again at each switch), {t:fen} after each move, {t:off} while none is live; an empty line every 6 s. ?variant= a variant's channel (else the best game of all)",
  })
  feed(@Query() query: unknown, @Res() res: Response): void {
    const { variant } = parsePayload(FeedQuery, query);
    this.tv.open(variant ?? 'best', new NdjsonStream(res));
  }
}
