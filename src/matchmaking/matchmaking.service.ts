/**
 * The queue lives in the database so several server processes share it. Joins are taken in
 * batches: every join that arrives while the previous batch is being paired goes into the next
 * one, and a batch is ONE transaction whatever its size: an advisory lock per pool (variant +
 * time control) serialises pairing of the same pool across processes, the batch's tickets are
 * inserted (a player already waiting is refused), the pool's waiting tickets are taken oldest
 * first FOR UPDATE SKIP LOCKED and paired two by two, and the matches and their pieces are
 * inserted with one statement each. Players are told (match:start) only after the commit.
 * A burst of 10,000 joins is a handful of transactions instead of 10,000 serialised ones.
 */
import { AccountClosure } from '../accounts/account-closure.js';
import { PlaybansService } from '../fairplay/index.js';
import { randomUUID } from 'node:crypto';
import {
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleInit,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { every, type Loop } from '../common/every.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import type { AfterCommit, Say } from '../realtime/announcement.js';
import type { TimeControl } from '../common/protocol.js';
import { MatchStarter, type NewMatch } from '../matches/index.js';
import type { QueueTicket } from '../persistence/entities/index.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import type { VariantId } from '../rules/index.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { DEFAULT_RATING } from '../ratings/glicko2.js';
import { speedOf } from '../ratings/speed.js';
import { QueueStore } from './queue-store.js';
import { pairByRating, pairInOrder } from './rating-window.js';
import { BlocksService } from '../blocks/index.js';

/** A pool: players in one meet only each other. Rated and casual pools never mix. */
interface Pool {
  variant: VariantId;
  clock: TimeControl | null;
  rated: boolean;
}

interface Join extends Pool {
  playerId: string;
  ticketId: string;
  socketId: string;
  /** The player's rating in the pool (rated pools): where its window is centred. */
  rating: number | null;
  done: (e: DomainError | null) => void;
}

/** Joins paired per transaction at most (its statements stay well under the parameter limit). */
const MAX_BATCH = 1_000;

const poolKey = (p: Pool) =>
  `queue:${p.rated ? 'rated:' : ''}${p.variant}:${p.clock?.initial ?? -1}:${p.clock?.increment ?? -1}`;

/** How often each process looks again at rated pools: their windows widen as players wait. */
const RATED_SWEEP_MS = 1_000;

@Injectable()
export class MatchmakingService
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private pending: Join[] = [];
  /** Rated pools to pair again (their windows widened), with the next batch. */
  private sweeps: Pool[] = [];
  private busy = false;
  private loop: Loop | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly starter: MatchStarter,
    private readonly queue: QueueStore,
    private readonly players: PlayersService,
    private readonly work: UnitOfWork,
    private readonly ratings: RatingsService,
    private readonly blocks: BlocksService,
    private readonly playbans: PlaybansService,
    private readonly closure: AccountClosure,
  ) {}

  onModuleInit(): void {
    // A closed account waits no longer: its ticket goes in the closure's transaction.
    this.closure.register((em, _say, playerId) => this.queue.leave(playerId, em));
  }

  onApplicationBootstrap(): void {
    this.loop = every(RATED_SWEEP_MS, () => this.sweepRated());
  }

  onApplicationShutdown(): void {
    this.loop?.stop();
  }

  /** Resolves once the ticket is stored (and, if an opponent was waiting, the match started). */
  async join(player: PlayerIdentity, socketId: string, pool: Pool): Promise<{ ticketId: string }> {
    if (await this.players.isBot(player.id))
      throw new DomainError('FORBIDDEN', 'bots play by challenge only, not from the queue');
    // A player who aborted or left too many games waits (PLAYBANNED, with why and until when).
    await this.playbans.check(player.id);
    const rating = pool.rated ? await this.ratingFor(player, pool) : null;
    const ticketId = randomUUID();
    return new Promise((resolve, reject) => {
      this.pending.push({
        ...pool,
        playerId: player.id,
        ticketId,
        socketId,
        rating,
        done: (e) => (e ? reject(e) : resolve({ ticketId })),
      });
      this.pump();
    });
  }

  /** Only accounts play rated: the account's rating in the pool's variant and speed. */
  private async ratingFor(player: PlayerIdentity, pool: Pool): Promise<number> {
    if (!(await this.players.isAccount(player.id)))
      throw new DomainError('ACCOUNT_REQUIRED', 'rated games are for accounts: sign up or log in');
    const speed = speedOf(pool.clock);
    const current = await this.ratings.current(
      this.db.manager,
      [player.id],
      pool.variant,
      speed,
      new Date(),
    );
    return Math.round(current.get(player.id)?.rating ?? DEFAULT_RATING.rating);
  }

  /** Rated pools with two or more waiting: their windows may meet now. */
  private async sweepRated(): Promise<void> {
    if (this.busy) return;
    try {
      const pools = await this.queue.ratedPoolsWaiting();
      if (pools.length === 0) return;
      this.sweeps = pools.map((p) => ({
        variant: p.variant,
        clock: p.clockInitial < 0 ? null : { initial: p.clockInitial, increment: p.clockIncrement },
        rated: true,
      }));
      this.pump();
    } catch {
      /* shutting down, or the database is away: the next sweep tries again */
    }
  }

  private pump(): void {
    if (this.busy || (this.pending.length === 0 && this.sweeps.length === 0)) return;
    this.busy = true;
    const batch = this.pending.slice(0, MAX_BATCH);
    this.pending = this.pending.slice(MAX_BATCH);
    const sweeps = this.sweeps;
    this.sweeps = [];
    this.work
      .transaction(this.db, (em, say, after) => this.pair(em, say, after, batch, sweeps))
      .then(
        (refused) => {
          for (const j of batch) j.done(refused.get(j) ?? null);
        },
        (e: unknown) => {
          for (const j of batch) j.done(e as DomainError);
        },
      )
      .finally(() => {
        this.busy = false;
        this.pump();
      });
  }

  /**
   * One batch in one transaction: the joins queued (those refused returned: already queued, a
   * bot), then every pool they touch paired, and the matches started.
   */
  private async pair(
    em: EntityManager,
    say: Say,
    after: AfterCommit,
    batch: Join[],
    sweeps: Pool[],
  ): Promise<Map<Join, DomainError>> {
    const byKey = new Map<string, Pool>([...batch, ...sweeps].map((p) => [poolKey(p), p]));
    const pools = [...byKey.keys()].sort(); // one lock order: no deadlocks
    for (const key of pools) await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    const refused = await this.enqueue(em, batch);
    const specs: NewMatch[] = [];
    const taken: string[] = [];
    for (const key of pools) {
      for (const [a, b] of await this.pairsIn(em, byKey.get(key) as Pool)) {
        taken.push(a.id, b.id);
        // Colours by coin toss.
        const [whiteId, blackId] =
          Math.random() < 0.5 ? [a.playerId, b.playerId] : [b.playerId, a.playerId];
        const pool = byKey.get(key) as Pool;
        specs.push({
          variant: pool.variant,
          whiteId,
          blackId,
          clock: pool.clock,
          rated: pool.rated,
        });
      }
    }
    if (specs.length > 0) {
      await this.queue.take(em, taken);
      await this.starter.start(em, say, after, specs);
    }
    return refused;
  }

  /** The batch's tickets stored; the joins refused (already queued, a bot), with why. */
  private async enqueue(em: EntityManager, batch: Join[]): Promise<Map<Join, DomainError>> {
    const stored = await this.queue.insert(
      em,
      batch.map((j) => ({
        id: j.ticketId,
        playerId: j.playerId,
        variant: j.variant,
        clockInitial: j.clock?.initial ?? -1,
        clockIncrement: j.clock?.increment ?? -1,
        socketId: j.socketId,
        rated: j.rated,
        rating: j.rating,
      })),
    );
    const refused = new Map<Join, DomainError>();
    const left = batch.filter((j) => !stored.has(j.ticketId));
    if (left.length === 0) return refused;
    const bots = await this.players.botsAmong(
      em,
      left.map((j) => j.playerId),
    );
    for (const j of left)
      refused.set(
        j,
        bots.has(j.playerId)
          ? new DomainError('FORBIDDEN', 'bots play by challenge only, not from the queue')
          : new DomainError('ALREADY_QUEUED', 'you are already waiting in the queue'),
      );
    return refused;
  }

  /** A pool's waiting tickets paired: by rating window (rated pools), else oldest first. */
  private async pairsIn(em: EntityManager, pool: Pool): Promise<[QueueTicket, QueueTicket][]> {
    const waiting = await this.queue.waiting(em, {
      variant: pool.variant,
      clockInitial: pool.clock?.initial ?? -1,
      clockIncrement: pool.clock?.increment ?? -1,
      rated: pool.rated,
    });
    // Blocks among the waiting, by ticket (a ticket is one player's).
    const blocked = await this.blocks.among(
      em,
      waiting.map((t) => t.playerId),
    );
    const playerOf = new Map(waiting.map((t) => [t.id, t.playerId]));
    const forbids = (a: string, b: string) =>
      blocked(playerOf.get(a) as string, playerOf.get(b) as string);
    if (!pool.rated) return pairInOrder(waiting, forbids);
    const now = Date.now();
    const rated = waiting.map((t) => ({
      t,
      id: t.id,
      rating: t.rating ?? DEFAULT_RATING.rating,
      since: t.createdAt.getTime(),
    }));
    return pairByRating(rated, now, forbids).map(([a, b]) => [a.t, b.t]);
  }

  /** Whether the player waits in the queue (in the caller's transaction). */
  isQueued(em: EntityManager, playerId: string): Promise<boolean> {
    return this.queue.isQueued(em, playerId);
  }

  async leave(player: PlayerIdentity): Promise<void> {
    await this.queue.leave(player.id);
  }

  /** A socket that queued is gone: its ticket goes with it. */
  async dropSocket(socketId: string): Promise<void> {
    await this.queue.dropSocket(socketId);
  }
}
