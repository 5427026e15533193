import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { GameAnalysis } from '../common/protocol.js';
import { parsePayload, uuid } from '../common/validation.js';
import { GameAnalysisService } from './game-analysis.service.js';

/** A finished game's engine analysis (docs/PROTOCOL.md v1.8): anyone may ask, it is public. */
@ApiTags('analysis')
@Controller('api/matches/:id/analysis')
export class GameAnalysisController {
  constructor(private readonly analyses: GameAnalysisService) {}

  @Post()
  @ApiOperation({
    summary:
      'Analyse a finished game (stored once: asking again returns it) -> 202 GameAnalysis running, or 200 done',
  })
  async request(
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GameAnalysis> {
    const analysis = await this.analyses.request(parsePayload(uuid, id));
    res.status(analysis.status === 'done' ? 200 : 202);
    return analysis;
  }

  @Get()
  @ApiOperation({
    summary:
      'The game analysis so far: progress, positions, marks, summary (null: never asked for)',
  })
  async get(@Param('id') id: string, @Res() res: Response): Promise<void> {
    // Sent as JSON even when null (Nest would answer an empty body).
    res.json(await this.analyses.get(parsePayload(uuid, id)));
  }
}
