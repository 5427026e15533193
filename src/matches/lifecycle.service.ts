/** Resignation and draw offers: same checks and same transaction discipline as moves. */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { RealtimeService } from '../common/realtime.service.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { opponent } from '../rules/index.js';
import { lockMatch, MovementService, saveMatch, sideOf } from './movement.service.js';

export type DrawAction = 'offer' | 'accept' | 'decline';

@Injectable()
export class LifecycleService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly movement: MovementService,
    private readonly realtime: RealtimeService,
  ) {}

  async resign(player: PlayerIdentity, matchId: string): Promise<void> {
    const done = await this.db.transaction(async (em) => {
      const match = await lockMatch(em, matchId);
      const side = sideOf(match, player.id);
      if (match.status !== 'active') throw new DomainError('MATCH_OVER', 'the match has ended');
      return this.movement.finish(
        em,
        match,
        { winner: opponent(side), reason: 'resign' },
        new Date(),
      );
    });
    this.movement.announce(done);
  }

  async draw(player: PlayerIdentity, matchId: string, action: DrawAction): Promise<void> {
    const { side, done } = await this.db.transaction(async (em) => {
      const match = await lockMatch(em, matchId);
      const side = sideOf(match, player.id);
      if (match.status !== 'active') throw new DomainError('MATCH_OVER', 'the match has ended');
      const offered = match.drawOfferBy === opponent(side);
      // Offering while the opponent's offer stands is agreeing to it.
      if (action === 'accept' || (action === 'offer' && offered)) {
        if (!offered) throw new DomainError('ILLEGAL_MOVE', 'there is no draw offer to accept');
        const end = await this.movement.finish(
          em,
          match,
          { winner: null, reason: 'draw-agreed' },
          new Date(),
        );
        return { side, done: end };
      }
      if (action === 'decline') {
        if (!offered) throw new DomainError('ILLEGAL_MOVE', 'there is no draw offer to decline');
        match.drawOfferBy = null;
      } else {
        if (match.drawOfferBy === side) {
          throw new DomainError('ILLEGAL_MOVE', 'your draw offer already stands');
        }
        match.drawOfferBy = side;
      }
      await saveMatch(em, match);
      return { side, done: {} };
    });
    const said = done.end ? 'accept' : action;
    this.realtime.toMatch(matchId, 'match:draw', { matchId, action: said, by: side });
    this.movement.announce(done);
  }
}
