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
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { RealtimeService, type Say } from '../realtime/realtime.service.js';
import { matchState } from '../matches/match-view.js';
import { MovementService } from '../matches/movement.service.js';
import type { TimeControl } from '../common/protocol.js';
import type { MatchSpec } from '../matches/match-rules.js';
import { MatchStore } from '../matches/match-store.js';
import { QueueTicket, type Match, type Piece } from '../persistence/entities/index.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import type { VariantId } from '../rules/index.js';

interface Join {
  playerId: string;
  ticketId: string;
  socketId: string;
  variant: VariantId;
  clock: TimeControl | null;
  done: (e: DomainError | null) => void;
}

/** Joins paired per transaction at most (its statements stay well under the parameter limit). */
const MAX_BATCH = 1_000;

const poolKey = (j: Pick<Join, 'variant' | 'clock'>) =>
  `queue:${j.variant}:${j.clock?.initial ?? -1}:${j.clock?.increment ?? -1}`;

@Injectable()
export class MatchmakingService {
  private pending: Join[] = [];
  private busy = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly players: PlayersService,
    private readonly movement: MovementService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Resolves once the ticket is stored (and, if an opponent was waiting, the match started). */
  join(
    player: PlayerIdentity,
    socketId: string,
    variant: VariantId,
    clock: TimeControl | null,
  ): Promise<{ ticketId: string }> {
    const ticketId = randomUUID();
    return new Promise((resolve, reject) => {
      this.pending.push({
        playerId: player.id,
        ticketId,
        socketId,
        variant,
        clock,
        done: (e) => (e ? reject(e) : resolve({ ticketId })),
      });
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy || this.pending.length === 0) return;
    this.busy = true;
    const batch = this.pending.slice(0, MAX_BATCH);
    this.pending = this.pending.slice(MAX_BATCH);
    this.realtime
      .transaction(this.db, (em, say) => this.pair(em, say, batch))
      .then(
        ({ refused, made, names }) => {
          // Their moves need not read what was just written.
          for (const m of made) this.movement.started(m.match, m.pieces, names);
          for (const j of batch)
            j.done(
              refused.has(j)
                ? new DomainError('ALREADY_QUEUED', 'you are already waiting in the queue')
                : null,
            );
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

  /** One batch in one transaction: the joins refused (already queued) and the matches made. */
  private async pair(
    em: EntityManager,
    say: Say,
    batch: Join[],
  ): Promise<{
    refused: Set<Join>;
    made: { match: Match; pieces: Piece[] }[];
    names: ReadonlyMap<string, string>;
  }> {
    const pools = [...new Set(batch.map(poolKey))].sort(); // one lock order: no deadlocks
    for (const key of pools) await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    const inserted = (await em.query(
      `INSERT INTO queue_tickets (id, player_id, variant, clock_initial, clock_increment, socket_id)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::text[])
       ON CONFLICT (player_id) DO NOTHING
       RETURNING id`,
      [
        batch.map((j) => j.ticketId),
        batch.map((j) => j.playerId),
        batch.map((j) => j.variant),
        batch.map((j) => j.clock?.initial ?? -1),
        batch.map((j) => j.clock?.increment ?? -1),
        batch.map((j) => j.socketId),
      ],
    )) as { id: string }[];
    const stored = new Set(inserted.map((r) => r.id));
    const refused = new Set(batch.filter((j) => !stored.has(j.ticketId)));

    const specs: MatchSpec[] = [];
    const taken: string[] = [];
    for (const key of pools) {
      const sample = batch.find((j) => poolKey(j) === key) as Join;
      const waiting = await em
        .getRepository(QueueTicket)
        .createQueryBuilder('t')
        .where('t.variant = :variant AND t.clock_initial = :initial AND t.clock_increment = :inc', {
          variant: sample.variant,
          initial: sample.clock?.initial ?? -1,
          inc: sample.clock?.increment ?? -1,
        })
        .orderBy('t.created_at', 'ASC')
        .addOrderBy('t.id', 'ASC')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (let i = 0; i + 1 < waiting.length; i += 2) {
        const [a, b] = [waiting[i], waiting[i + 1]];
        taken.push(a.id, b.id);
        // Colours by coin toss.
        const [whiteId, blackId] =
          Math.random() < 0.5 ? [a.playerId, b.playerId] : [b.playerId, a.playerId];
        specs.push({ variant: sample.variant, whiteId, blackId, clock: sample.clock });
      }
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
