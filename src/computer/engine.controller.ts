import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import type { PositionAnalysis, AnalyseRequest } from '../common/protocol.js';
import { parsePayload } from '../common/validation.js';
import { CONFIG, type Config } from '../config.js';
import { TokensService } from '../tokens/tokens.service.js';
import { RateLimiter } from '../realtime/rate-limit.js';
import { VARIANT_IDS } from '../rules/index.js';
import { PositionAnalysisService, MAX_MOVETIME } from './position-analysis.service.js';
import { EnginePool, type PoolStatus } from './engine-pool.js';
import { ApiAnswer, ApiZodBody, SHAPES } from '../common/openapi.js';

const fen = z.string().min(1).max(1000);
const Analyse = z
  .object({
    variant: z.enum(VARIANT_IDS),
    fen,
    history: z.array(fen).max(1000).optional(),
    movetime: z.number().int().min(1).max(MAX_MOVETIME).optional(),
    depth: z.number().int().min(1).max(64).optional(),
    multipv: z.number().int().min(1).max(5).optional(),
  })
  .strict() satisfies z.ZodType<AnalyseRequest>;

/** The engine over HTTP: a position analysed (POST /api/engine/analyse), and the pool's load. */
@ApiTags('engine')
@Controller('api/engine')
export class EngineController {
  /** Searches cost a thread for up to 10 s: a tighter limit than the general HTTP one. */
  private readonly limiter: RateLimiter;
  /** Per personal token with `engine:analyse`: a program's own, larger allowance. */
  private readonly tokenLimiter: RateLimiter;

  constructor(
    private readonly analysis: PositionAnalysisService,
    private readonly pool: EnginePool,
    private readonly tokens: TokensService,
    @Inject(CONFIG) config: Config,
  ) {
    this.limiter = new RateLimiter(config.analyseLimit);
    this.tokenLimiter = new RateLimiter(config.tokenAnalyseLimit);
  }

  @Post('analyse')
  @ApiZodBody(Analyse)
  @ApiAnswer(200, SHAPES.analysis)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '{ variant, fen, history?, movetime? (ms, default 1000, max 10000), depth?, multipv? (1-5) } -> { bestMove, score, depth, nodes, nps, pv, lines? }',
  })
  async analyse(
    @Body() body: unknown,
    @Req() req: Request,
    @Headers('authorization') authorization: unknown,
  ): Promise<PositionAnalysis> {
    const request = parsePayload(Analyse, body);
    // A personal token (Bearer dam_...) with engine:analyse has its own allowance; anyone else
    // shares their address's.
    if (typeof authorization === 'string' && /^Bearer\s+dam_/i.test(authorization)) {
      const holder = await this.tokens.require(authorization, 'engine:analyse');
      if (!this.tokenLimiter.take(holder.tokenId))
        throw new DomainError('RATE_LIMITED', "too many analyses for this token's allowance");
    } else if (!this.limiter.take(req.ip ?? 'unknown'))
      throw new DomainError('RATE_LIMITED', 'too many analyses: at most one a second');
    return this.analysis.analyse(request);
  }

  @Get('status')
  @ApiOperation({ summary: "The engine pool's threads, queue and wait times" })
  status(): PoolStatus {
    return this.pool.status();
  }
}
