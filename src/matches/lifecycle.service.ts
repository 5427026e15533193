/**
 * Everything around the moves: resignation, draw offers, abort, abandonment claims, rematches.
 * Same checks and the same transaction discipline as moves: lock, check, write, commit, announce.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { opponent, type VariantId } from '../rules/index.js';
import { MatchesService } from './matches.service.js';
import { PresenceService } from './presence.service.js';
import { lockMatch, MovementService, saveMatch, sideOf } from './movement.service.js';

export type DrawAction = 'offer' | 'accept' | 'decline';
export type RematchAction = DrawAction;

@Injectable()
export class LifecycleService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly movement: MovementService,
    private readonly realtime: RealtimeService,
    private readonly matches: MatchesService,
    private readonly presence: PresenceService,
  ) {}

  /** Before each side has moved, either player may call the game off: no result. */
  async abort(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.realtime.transaction(this.db, async (em, say) => {
      const match = await this.active(em, player, matchId);
      if (match.ply >= 2)
        throw new DomainError('ILLEGAL_MOVE', 'both sides have moved: resign instead');
      return this.movement.finish(em, say, match, { winner: null, reason: 'aborted' }, new Date());
    });
  }

  /** The opponent left and stayed away past the grace period: the win can be claimed. */
  async claim(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.realtime.transaction(this.db, async (em, say) => {
      const match = await this.active(em, player, matchId);
      const side = sideOf(match, player.id);
      const since = side === 'white' ? match.blackAbsentSince : match.whiteAbsentSince;
      const now = new Date();
      if (!since || now.getTime() - since.getTime() < this.presence.graceMs) {
        throw new DomainError(
          'ILLEGAL_MOVE',
          'your opponent has not been away for the grace period',
        );
      }
      return this.movement.finish(em, say, match, { winner: side, reason: 'abandoned' }, now);
    });
  }

  async resign(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.realtime.transaction(this.db, async (em, say) => {
      const match = await this.active(em, player, matchId);
      const winner = opponent(sideOf(match, player.id));
      return this.movement.finish(em, say, match, { winner, reason: 'resign' }, new Date());
    });
  }

  async draw(player: PlayerIdentity, matchId: string, action: DrawAction): Promise<void> {
    await this.realtime.transaction(this.db, async (em, say) => {
      const match = await this.active(em, player, matchId);
      const side = sideOf(match, player.id);
      const players = [match.whiteId, match.blackId];
      const offered = match.drawOfferBy === opponent(side);
      // Offering while the opponent's offer stands is agreeing to it.
      if (action === 'accept' || (action === 'offer' && offered)) {
        if (!offered) throw new DomainError('ILLEGAL_MOVE', 'there is no draw offer to accept');
        say(matchId, 'match:draw', { matchId, action: 'accept', by: side }, players);
        await this.movement.finish(
          em,
          say,
          match,
          { winner: null, reason: 'draw-agreed' },
          new Date(),
        );
        return;
      }
      if (action === 'decline') {
        if (!offered) throw new DomainError('ILLEGAL_MOVE', 'there is no draw offer to decline');
        match.drawOfferBy = null;
      } else {
        if (match.drawOfferBy === side)
          throw new DomainError('ILLEGAL_MOVE', 'your draw offer already stands');
        match.drawOfferBy = side;
      }
      await saveMatch(em, match);
      say(matchId, 'match:draw', { matchId, action, by: side }, players);
    });
  }

  /** After the end: offer / accept / decline a rematch with colours swapped. */
  async rematch(player: PlayerIdentity, matchId: string, action: RematchAction): Promise<void> {
    await this.realtime.transaction(this.db, async (em, say) => {
      const match = await lockMatch(em, matchId);
      const side = sideOf(match, player.id);
      const players = [match.whiteId, match.blackId];
      if (match.status !== 'finished')
        throw new DomainError('ILLEGAL_MOVE', 'the match is still going on');
      if (match.rematchId)
        throw new DomainError('ILLEGAL_MOVE', 'the rematch has already been played');
      const offered = match.rematchOfferBy === opponent(side);
      if (action === 'accept' || (action === 'offer' && offered)) {
        if (!offered) throw new DomainError('ILLEGAL_MOVE', 'there is no rematch offer to accept');
        const clock =
          match.clockInitial !== null
            ? { initial: match.clockInitial, increment: match.clockIncrement ?? 0 }
            : null;
        const next = await this.matches.create(em, {
          variant: match.variant as VariantId,
          whiteId: match.blackId,
          blackId: match.whiteId,
          clock,
        });
        match.rematchId = next.id;
        match.rematchOfferBy = null;
        await saveMatch(em, match);
        const started = await this.matches.stateOf(next, em);
        say(
          matchId,
          'match:rematch',
          { matchId, action: 'accept', by: side, newMatchId: next.id },
          players,
        );
        say(next.id, 'match:start', started, players);
        return started;
      }
      if (action === 'decline') {
        if (!offered) throw new DomainError('ILLEGAL_MOVE', 'there is no rematch offer to decline');
        match.rematchOfferBy = null;
      } else {
        if (match.rematchOfferBy === side)
          throw new DomainError('ILLEGAL_MOVE', 'your rematch offer already stands');
        match.rematchOfferBy = side;
      }
      await saveMatch(em, match);
      say(matchId, 'match:rematch', { matchId, action, by: side }, players);
      return null;
    });
  }

  /** The match, locked, with the player in it and the game still going (in that order of checks). */
  private async active(em: EntityManager, player: PlayerIdentity, matchId: string) {
    const match = await lockMatch(em, matchId);
    sideOf(match, player.id);
    if (match.status !== 'active') throw new DomainError('MATCH_OVER', 'the match has ended');
    return match;
  }
}
