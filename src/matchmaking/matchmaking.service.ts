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
import { randomUUID } from 'node:crypto';
import {
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { every, type Loop } from '../common/every.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { type Say } from '../realtime/announcement.js';
import { matchState } from '../matches/match-view.js';
import { MovementService } from '../matches/movement.service.js';
import type { TimeControl } from '../common/protocol.js';
import type { MatchSpec } from '../matches/match-rules.js';
import { MatchStore } from '../matches/match-store.js';
import { QueueTicket, type Match, type Piece } from '../persistence/entities/index.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import type { VariantId } from '../rules/index.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { speedOf } from '../ratings/speed.js';
import { pairByRating } from './rating-window.js';

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
export class MatchmakingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private pending: Join[] = [];
  /** Rated pools to pair again (their windows widened), with the next batch. */
  private sweeps: Pool[] = [];
  private busy = false;
  private loop: Loop | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly players: PlayersService,
    private readonly movement: MovementService,
    private readonly work: UnitOfWork,
    private readonly ratings: RatingsService,
  ) {}

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
    const current = await this.ratings.current(this.db.manager, [player.id], pool.variant, speed);
    return Math.round(current.get(player.id)?.rating ?? 1500);
  }

  /** Rated pools with two or more waiting: their windows may meet now. */
  private async sweepRated(): Promise<void> {
    if (this.busy) return;
    try {
      const rows = (await this.db.query(
        `SELECT variant, clock_initial, clock_increment FROM queue_tickets WHERE rated
          GROUP BY variant, clock_initial, clock_increment HAVING count(*) >= 2`,
      )) as { variant: VariantId; clock_initial: number; clock_increment: number }[];
      if (rows.length === 0) return;
      this.sweeps = rows.map((r) => ({
        variant: r.variant,
        clock:
          r.clock_initial < 0 ? null : { initial: r.clock_initial, increment: r.clock_increment },
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
      .transaction(this.db, (em, say) => this.pair(em, say, batch, sweeps))
      .then(
        ({ refused, made, names }) => {
          // Their moves need not read what was just written.
          for (const m of made) this.movement.started(m.match, m.pieces, names);
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

  /** One batch in one transaction: the joins refused (already queued, a bot) and the matches made. */
  private async pair(
    em: EntityManager,
    say: Say,
    batch: Join[],
    sweeps: Pool[],
  ): Promise<{
    refused: Map<Join, DomainError>;
    made: { match: Match; pieces: Piece[] }[];
    names: ReadonlyMap<string, string>;
  }> {
    const byKey = new Map<string, Pool>([...batch, ...sweeps].map((p) => [poolKey(p), p]));
    const pools = [...byKey.keys()].sort(); // one lock order: no deadlocks
    for (const key of pools) await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    const inserted = (await em.query(
      // Bots never queue: checked again here under the player row's share lock, which the bot
      // upgrade's update waits for (and this waits for the upgrade), so neither slips past.
      `INSERT INTO queue_tickets
         (id, player_id, variant, clock_initial, clock_increment, socket_id, rated, rating)
       SELECT j.* FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[],
                              $6::text[], $7::boolean[], $8::int[])
                AS j(id, player_id, variant, clock_initial, clock_increment, socket_id, rated, rating)
         JOIN players p ON p.id = j.player_id
        WHERE NOT p.bot
          FOR SHARE OF p
       ON CONFLICT (player_id) DO NOTHING
       RETURNING id`,
      [
        batch.map((j) => j.ticketId),
        batch.map((j) => j.playerId),
        batch.map((j) => j.variant),
        batch.map((j) => j.clock?.initial ?? -1),
        batch.map((j) => j.clock?.increment ?? -1),
        batch.map((j) => j.socketId),
        batch.map((j) => j.rated),
        batch.map((j) => j.rating),
      ],
    )) as { id: string }[];
    const stored = new Set(inserted.map((r) => r.id));
    const refused = new Map<Join, DomainError>();
    const left = batch.filter((j) => !stored.has(j.ticketId));
    if (left.length > 0) {
      const bots = new Set(
        (
          (await em.query(`SELECT id FROM players WHERE id = ANY($1::uuid[]) AND bot`, [
            left.map((j) => j.playerId),
          ])) as { id: string }[]
        ).map((r) => r.id),
      );
      for (const j of left)
        refused.set(
          j,
          bots.has(j.playerId)
            ? new DomainError('FORBIDDEN', 'bots play by challenge only, not from the queue')
            : new DomainError('ALREADY_QUEUED', 'you are already waiting in the queue'),
        );
    }

    const specs: MatchSpec[] = [];
    const taken: string[] = [];
    for (const key of pools) {
      const pool = byKey.get(key) as Pool;
      const waiting = await em
        .getRepository(QueueTicket)
        .createQueryBuilder('t')
        .where(
          't.variant = :variant AND t.clock_initial = :initial AND t.clock_increment = :inc AND t.rated = :rated',
          {
            variant: pool.variant,
            initial: pool.clock?.initial ?? -1,
            inc: pool.clock?.increment ?? -1,
            rated: pool.rated,
          },
        )
        .orderBy('t.created_at', 'ASC')
        .addOrderBy('t.id', 'ASC')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const pairs: [QueueTicket, QueueTicket][] = [];
      if (pool.rated) {
        const now = Date.now();
        const rated = waiting.map((t) => ({
          t,
          id: t.id,
          rating: t.rating ?? 1500,
          since: t.createdAt.getTime(),
        }));
        for (const [a, b] of pairByRating(rated, now)) pairs.push([a.t, b.t]);
      } else {
        for (let i = 0; i + 1 < waiting.length; i += 2) pairs.push([waiting[i], waiting[i + 1]]);
      }
      const poolSpecs: MatchSpec[] = [];
      for (const [a, b] of pairs) {
        taken.push(a.id, b.id);
        // Colours by coin toss.
        const [whiteId, blackId] =
          Math.random() < 0.5 ? [a.playerId, b.playerId] : [b.playerId, a.playerId];
        poolSpecs.push({ variant: pool.variant, whiteId, blackId, clock: pool.clock });
      }
      if (pool.rated && poolSpecs.length > 0) {
        const at = await this.ratings.atStart(em, poolSpecs, pool.variant, speedOf(pool.clock));
        poolSpecs.forEach((s, i) => (s.rated = at[i]));
      }
      specs.push(...poolSpecs);
    }
    if (specs.length === 0) return { refused, made: [], names: new Map() };
    await em.query('DELETE FROM queue_tickets WHERE id = ANY($1::uuid[])', [taken]);
    const made = await this.store.createMany(em, specs);
    const names = await this.players.names(
      specs.flatMap((s) => [s.whiteId, s.blackId]),
      em,
    );
    for (const { match, pieces } of made) {
      const players = [match.whiteId, match.blackId];
      say(match.id, 'match:start', matchState(match, pieces, names), players);
    }
    return { refused, made, names };
  }

  async leave(player: PlayerIdentity): Promise<void> {
    await this.db.getRepository(QueueTicket).delete({ playerId: player.id });
  }

  /** A socket that queued is gone: its ticket goes with it. */
  async dropSocket(socketId: string): Promise<void> {
    await this.db.getRepository(QueueTicket).delete({ socketId });
  }
}
