import { Body, Controller, Get, HttpCode, type OnModuleDestroy, Param, Post } from '@nestjs/common';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { parsePayload, uuid } from '../common/validation.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { MatchStarter, MovementService } from '../matches/index.js';
import { VARIANT_IDS } from '../rules/index.js';
import { ArenaClock, SwissRounds, TournamentsService } from '../tournaments/index.js';
import { latency, loopDelay } from './latency.js';

const CreateMatch = z
  .object({
    variant: z.enum(VARIANT_IDS),
    fen: z.string().min(1).max(1000).optional(),
    whiteId: uuid,
    blackId: uuid,
    clock: z
      .object({ initial: z.number().int().min(1), increment: z.number().int().min(0) })
      .optional(),
    rated: z.boolean().optional(),
  })
  .strict();

const LOOP_RESOLUTION_MS = 10;

/**
 * Test-only: start a match between two players from any FEN (forced lines in e2e and browser
 * tests). Mounted only with DAMAS_TEST_API=1, which config refuses under NODE_ENV=production.
 */
@Controller('api/test')
export class TestApiController implements OnModuleDestroy {
  /** Since the last POST /api/test/timings: each move batch's database round trip, ms. */
  private batchMs: number[] = [];
  private batchMoves = 0;
  private readonly loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly starter: MatchStarter,
    private readonly work: UnitOfWork,
    movement: MovementService,
    private readonly arenas: ArenaClock,
    private readonly swiss: SwissRounds,
    private readonly tournaments: TournamentsService,
  ) {
    movement.batchObserver = (ms, n) => {
      // Bounded (a benchmark reads it every few seconds); n and moves stop together.
      if (this.batchMs.length >= 1_000_000) return;
      this.batchMs.push(ms);
      this.batchMoves += n;
    };
    this.loop.enable();
  }

  onModuleDestroy(): void {
    this.loop.disable();
  }

  @Post('matches')
  @HttpCode(201)
  async create(@Body() body: unknown) {
    const { rated, ...b } = parsePayload(CreateMatch, body);
    const clock = b.clock ?? null;
    const [started] = await this.work.transaction(this.db, (em, say, after) =>
      this.starter.start(em, say, after, [{ ...b, clock, rated }]),
    );
    return started.state;
  }

  /** Benchmarks: the server's memory after a full collection (when run with --expose-gc). */
  @Post('memory')
  @HttpCode(200)
  memory() {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    return { collected: gc !== undefined, ...process.memoryUsage() };
  }

  /**
   * Benchmarks: where the time went since the last call (which this one starts again): the
   * server's event-loop delay and the database round trip of each move batch, in ms.
   */
  @Post('timings')
  @HttpCode(200)
  timings() {
    const out = {
      loop: loopDelay(this.loop, LOOP_RESOLUTION_MS),
      batches: { ...latency(this.batchMs), moves: this.batchMoves },
    };
    this.batchMs = [];
    this.batchMoves = 0;
    this.loop.reset();
    return out;
  }

  /** The arena pairing waves this process ran since the last call (the tournament bench). */
  @Post('tournaments/waves')
  @HttpCode(200)
  waves() {
    return { waves: this.arenas.waves.splice(0) };
  }

  /** The Swiss rounds this process paired since the last call (the Swiss bench). */
  @Post('tournaments/rounds')
  @HttpCode(200)
  rounds() {
    return { rounds: this.swiss.rounds.splice(0) };
  }

  /** An arena's stored points beside a recount from its stored games. */
  @Get('tournaments/:id/recount')
  recount(@Param('id') id: string) {
    return this.tournaments.recount(parsePayload(uuid, id));
  }
}
