/**
 * The queue lives in the database so several server processes share it. A join runs in one
 * transaction: an advisory lock per pool (variant + time control) serialises joins of the same
 * pool across processes (two players joining at once must find each other, not both wait), the
 * oldest compatible ticket is taken FOR UPDATE SKIP LOCKED, and the Match and its pieces are
 * created in the same transaction. Players are told only after the commit.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { RealtimeService } from '../common/realtime.service.js';
import { MatchesService, type ClockSetting } from '../matches/matches.service.js';
import { QueueTicket } from '../persistence/entities/index.js';
import type { PlayerIdentity } from '../players/players.service.js';
import type { VariantId } from '../rules/index.js';

@Injectable()
export class MatchmakingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly matches: MatchesService,
    private readonly realtime: RealtimeService,
  ) {}

  async join(
    player: PlayerIdentity,
    socketId: string,
    variant: VariantId,
    clock: ClockSetting | null,
  ): Promise<{ ticketId: string }> {
    const initial = clock?.initial ?? -1;
    const increment = clock?.increment ?? -1;
    const ticketId = randomUUID();
    const paired = await this.realtime.transaction(this.db, async (em, say) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `queue:${variant}:${initial}:${increment}`,
      ]);
      const mine = await em.getRepository(QueueTicket).findOne({ where: { playerId: player.id } });
      if (mine) throw new DomainError('ALREADY_QUEUED', 'you are already waiting in the queue');
      const other = await em
        .getRepository(QueueTicket)
        .createQueryBuilder('t')
        .where(
          't.variant = :variant AND t.clock_initial = :initial AND t.clock_increment = :increment',
          {
            variant,
            initial,
            increment,
          },
        )
        .andWhere('t.player_id <> :me', { me: player.id })
        .orderBy('t.created_at', 'ASC')
        .limit(1)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getOne();
      if (!other) {
        await em.getRepository(QueueTicket).insert({
          id: ticketId,
          playerId: player.id,
          variant,
          clockInitial: initial,
          clockIncrement: increment,
          socketId,
        });
        return null;
      }
      await em.getRepository(QueueTicket).delete({ id: other.id });
      // Colours by coin toss.
      const [whiteId, blackId] =
        Math.random() < 0.5 ? [player.id, other.playerId] : [other.playerId, player.id];
      const match = await this.matches.create(em, { variant, whiteId, blackId, clock });
      const state = await this.matches.stateOf(match, em);
      say(match.id, 'match:start', state, [whiteId, blackId]);
      return state;
    });
    if (paired) this.realtime.joinMatch([paired.white.id, paired.black.id], paired.id);
    return { ticketId };
  }

  async leave(player: PlayerIdentity): Promise<void> {
    await this.db.getRepository(QueueTicket).delete({ playerId: player.id });
  }

  /** A socket that queued is gone: its ticket goes with it. */
  async dropSocket(socketId: string): Promise<void> {
    await this.db.getRepository(QueueTicket).delete({ socketId });
  }
}
