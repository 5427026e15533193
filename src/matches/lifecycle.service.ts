/**
 * Everything around the moves: resignation, draw offers, abort, abandonment claims, rematches.
 * Same checks and the same transaction discipline as moves: lock, check, write, commit, announce.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { RealtimeService } from '../common/realtime.service.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { opponent, type VariantId } from '../rules/index.js';
import { MatchesService } from './matches.service.js';
import { PresenceService } from './presence.service.js';
import {
  type Committed,
  lockMatch,
  MovementService,
  saveMatch,
  sideOf,
} from './movement.service.js';

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
    const done = await this.db.transaction(async (em) => {
      const match = await lockMatch(em, matchId);
      sideOf(match, player.id);
      if (match.status !== 'active') throw new DomainError('MATCH_OVER', 'the match has ended');
      if (match.ply >= 2)
        throw new DomainError('ILLEGAL_MOVE', 'both sides have moved: resign instead');
      return this.movement.finish(em, match, { winner: null, reason: 'aborted' }, new Date());
    });
    this.movement.announce(done);
  }

  /** The opponent left and stayed away past the grace period: the win can be claimed. */
  async claim(player: PlayerIdentity, matchId: string): Promise<void> {
    const done = await this.db.transaction(async (em) => {
      const match = await lockMatch(em, matchId);
      const side = sideOf(match, player.id);
      if (match.status !== 'active') throw new DomainError('MATCH_OVER', 'the match has ended');
      const since = side === 'white' ? match.blackAbsentSince : match.whiteAbsentSince;
      const now = new Date();
      if (!since || now.getTime() - since.getTime() < this.presence.graceMs) {
        throw new DomainError(
          'ILLEGAL_MOVE',
          'your opponent has not been away for the grace period',
        );
      }
      return this.movement.finish(em, match, { winner: side, reason: 'abandoned' }, now);
    });
    this.movement.announce(done);
  }

  /** After the end: offer / accept / decline a rematch with colours swapped. */
  async rematch(player: PlayerIdentity, matchId: string, action: RematchAction): Promise<void> {
    const { side, state } = await this.db.transaction(async (em) => {
      const match = await lockMatch(em, matchId);
      const side = sideOf(match, player.id);
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
        return { side, state: await this.matches.stateOf(next, em) };
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
      return { side, state: null };
    });
    const players = state ? [state.white.id, state.black.id] : [];
    this.realtime.toMatch(
      matchId,
      'match:rematch',
      {
        matchId,
        action: state ? 'accept' : action,
        by: side,
        ...(state ? { newMatchId: state.id } : {}),
      },
      players,
    );
    if (state) {
      this.realtime.joinMatch([state.white.id, state.black.id], state.id);
      this.realtime.toMatch(state.id, 'match:start', state, players);
    }
  }

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
    const { side, done, players } = await this.db.transaction(async (em) => {
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
        return { side, done: end, players: [match.whiteId, match.blackId] };
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
      return { side, done: {} as Committed, players: [match.whiteId, match.blackId] };
    });
    const said = done.end ? 'accept' : action;
    this.realtime.toMatch(matchId, 'match:draw', { matchId, action: said, by: side }, players);
    this.movement.announce(done);
  }
}
