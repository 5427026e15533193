/**
 * Everything around the moves: resignation, draw offers, abort, abandonment claims, rematches.
 * Same checks and the same transaction discipline as moves: lock, check, write, commit, announce.
 * The endings themselves are the Finisher's.
 */
import { Inject, Injectable } from '@nestjs/common';
import { TIME, type TimeSource } from '../common/time.js';
import { RatingsService, speedOfMatch } from '../ratings/ratings.service.js';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { OfferAction } from '../common/protocol.js';
import type { Match } from '../persistence/entities/index.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { opponent, type Color } from '../rules/index.js';
import { RealtimeService, type Say } from '../realtime/realtime.service.js';
import { Finisher } from './finisher.js';
import { activeSide, answerOffer, sideOf } from './match-rules.js';
import { MatchStore } from './match-store.js';
import { MatchesService } from './matches.service.js';
import { PresenceService } from './presence.service.js';

@Injectable()
export class LifecycleService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly finisher: Finisher,
    private readonly realtime: RealtimeService,
    private readonly matches: MatchesService,
    private readonly presence: PresenceService,
    private readonly ratings: RatingsService,
    @Inject(TIME) private readonly time: TimeSource,
  ) {}

  async abort(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.active(player, matchId, (em, say, match) =>
      this.finisher.abort(em, say, match, this.time.now()),
    );
  }

  /** The opponent left and stayed away past the grace period: the win can be claimed. */
  async claim(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.active(player, matchId, (em, say, match, side) =>
      this.finisher.abandon(em, say, match, side, this.time.now(), this.presence.graceMs),
    );
  }

  async resign(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.active(player, matchId, (em, say, match, side) =>
      this.finisher.resign(em, say, match, side, this.time.now()),
    );
  }

  async draw(player: PlayerIdentity, matchId: string, action: OfferAction): Promise<void> {
    await this.active(player, matchId, async (em, say, match, side) => {
      const answer = answerOffer(match.drawOfferBy, side, action, 'draw');
      if (answer === 'agreed')
        return this.finisher.agreeDraw(em, say, match, side, this.time.now());
      match.drawOfferBy = answer.offerBy;
      await this.store.save(em, match);
      say(matchId, 'match:draw', { matchId, action, by: side }, [match.whiteId, match.blackId]);
    });
  }

  /** After the end: offer / accept / decline a rematch with colours swapped. */
  async rematch(player: PlayerIdentity, matchId: string, action: OfferAction): Promise<void> {
    await this.realtime.transaction(this.db, async (em, say) => {
      const match = await this.store.lock(em, matchId);
      const side = sideOf(match, player.id);
      const players = [match.whiteId, match.blackId];
      if (match.status !== 'finished')
        throw new DomainError('ILLEGAL_MOVE', 'the match is still going on');
      if (match.rematchId)
        throw new DomainError('ILLEGAL_MOVE', 'the rematch has already been played');
      const answer = answerOffer(match.rematchOfferBy, side, action, 'rematch');
      if (answer === 'agreed') {
        const clock =
          match.clockInitial !== null
            ? { initial: match.clockInitial, increment: match.clockIncrement ?? 0 }
            : null;
        // A rated game's rematch is rated too, from both players' ratings now.
        const swapped = { whiteId: match.blackId, blackId: match.whiteId };
        const rated = match.rated
          ? (await this.ratings.atStart(em, [swapped], match.variant, speedOfMatch(match)))[0]
          : null;
        const [{ match: next }] = await this.store.createMany(
          em,
          [
            {
              variant: match.variant,
              whiteId: match.blackId,
              blackId: match.whiteId,
              clock,
              days: match.days, // a correspondence game's rematch is one too
              fen: match.initialFen, // and one from a set position starts there again
              rated,
              // Against the computer, it keeps its level and takes the other colour.
              computer:
                match.computerColor !== null && match.computerLevel !== null
                  ? { color: opponent(match.computerColor), level: match.computerLevel }
                  : null,
            },
          ],
          this.time.now(),
        );
        match.rematchId = next.id;
        match.rematchOfferBy = null;
        await this.store.save(em, match);
        const started = await this.matches.stateOf(next, em);
        const accepted = { matchId, action: 'accept', by: side, newMatchId: next.id } as const;
        say(matchId, 'match:rematch', accepted, players);
        say(next.id, 'match:start', started, players);
        return;
      }
      match.rematchOfferBy = answer.offerBy;
      await this.store.save(em, match);
      say(matchId, 'match:rematch', { matchId, action, by: side }, players);
    });
  }

  /** `fn` on the match, locked, with the player in it and the game still going on. */
  private active(
    player: PlayerIdentity,
    matchId: string,
    fn: (em: EntityManager, say: Say, match: Match, side: Color) => Promise<unknown>,
  ): Promise<unknown> {
    return this.realtime.transaction(this.db, async (em, say) => {
      const match = await this.store.lock(em, matchId);
      return fn(em, say, match, activeSide(match, player.id));
    });
  }
}
