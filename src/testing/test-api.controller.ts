import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { parsePayload, uuid } from '../common/validation.js';
import { RealtimeService } from '../common/realtime.service.js';
import { MatchesService } from '../matches/matches.service.js';
import { VARIANT_IDS } from '../rules/index.js';

const CreateMatch = z
  .object({
    variant: z.enum(VARIANT_IDS),
    fen: z.string().min(1).max(1000).optional(),
    whiteId: uuid,
    blackId: uuid,
    clock: z
      .object({ initial: z.number().int().min(1), increment: z.number().int().min(0) })
      .optional(),
  })
  .strict();

/**
 * Test-only: start a match between two players from any FEN (forced lines in e2e and browser
 * tests). Mounted only with DAMAS_TEST_API=1, which config refuses under NODE_ENV=production.
 */
@Controller('api/test')
export class TestApiController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly matches: MatchesService,
    private readonly realtime: RealtimeService,
  ) {}

  @Post('matches')
  @HttpCode(201)
  async create(@Body() body: unknown) {
    const b = parsePayload(CreateMatch, body);
    const state = await this.realtime.transaction(this.db, async (em, say) => {
      const match = await this.matches.create(em, { ...b, clock: b.clock ?? null });
      const created = await this.matches.stateOf(match, em);
      say(match.id, 'match:start', created, [b.whiteId, b.blackId]);
      return created;
    });
    return state;
  }

  /** Benchmarks: the server's memory after a full collection (when run with --expose-gc). */
  @Post('memory')
  @HttpCode(200)
  memory() {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    return { collected: gc !== undefined, ...process.memoryUsage() };
  }
}
