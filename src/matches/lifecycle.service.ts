/**
 * Everything around the moves: resignation, draw offers, takebacks, abort, abandonment claims,
 * rematches.
 * Same checks and the same transaction discipline as moves: lock, check, write, commit, announce.
 * The endings themselves are the Finisher's.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { TIME, type TimeSource } from '../common/time.js';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BlocksService } from '../blocks/index.js';
import { DomainError } from '../common/errors.js';
import type { OfferAction } from '../common/protocol.js';
import type { Match } from '../persistence/entities/index.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { opponent, replay, type Color } from '../rules/index.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import type { Say } from '../realtime/announcement.js';
import { Finisher } from './finisher.js';
import {
  activeSide,
  afterTakeback,
  answerOffer,
  berserk,
  checkTakebackAsk,
  newPieces,
  positionOf,
  sideOf,
  takebackPlies,
} from './match-rules.js';
import { MatchQueries } from './match-queries.js';
import { MatchStarter } from './match-starter.js';
import { MatchStore } from './match-store.js';
import { MatchesService } from './matches.service.js';
import { MovementService } from './movement.service.js';
import { PresenceService } from './presence.service.js';

@Injectable()
export class LifecycleService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly queries: MatchQueries,
    private readonly starter: MatchStarter,
    private readonly finisher: Finisher,
    private readonly work: UnitOfWork,
    private readonly matches: MatchesService,
    private readonly presence: PresenceService,
    private readonly movement: MovementService,
    private readonly blocks: BlocksService,
    @Inject(TIME) private readonly time: TimeSource,
  ) {}

  async abort(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.active(player, matchId, (em, say, match, side) =>
      this.finisher.abort(em, say, match, this.time.now(), side),
    );
  }

  /** The opponent left and stayed away past the grace period: the win can be claimed. */
  async claim(player: PlayerIdentity, matchId: string): Promise<void> {
    await this.active(player, matchId, (em, say, match, side) =>
      this.finisher.abandon(em, say, match, side, this.time.now(), this.presence.graceMs),
    );
  }

  /**
   * Arena berserk: `berserkable` says the game's event allows it (the tournaments module knows).
   * The move cache here has the clocks as before: the next move reads the match again.
   */
  async berserk(player: PlayerIdentity, matchId: string, berserkable: boolean): Promise<void> {
    await this.active(player, matchId, async (em, say, match, side) => {
      Object.assign(match, berserk(match, side, berserkable && match.tournamentId !== null));
      await this.store.save(em, match);
      const clocks = { white: match.whiteMs ?? 0, black: match.blackMs ?? 0 };
      say(matchId, 'match:berserk', { matchId, by: side, clocks }, [match.whiteId, match.blackId]);
    });
    this.movement.forget(matchId);
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

  /**
   * Ask for a takeback, or answer the opponent's. Accepted, the asker's last move (and the
   * answer to it, if made) is undone in the same transaction as the clocks, the pieces and the
   * move list; a move committed first lapses the request instead (both take the row's lock or
   * check its version), so the game is always in one of the two states. The computer accepts at
   * once, on the player's turn (never while it thinks: its search would land on another ply).
   */
  async takeback(player: PlayerIdentity, matchId: string, action: OfferAction): Promise<void> {
    // The move cache here has the match as before: its next move reads it again.
    await this.active(player, matchId, async (em, say, match, side) => {
      const players = [match.whiteId, match.blackId];
      if (action === 'offer' && match.takebackOfferBy !== opponent(side)) {
        if (!match.takebacks)
          throw new DomainError(
            'REFUSED',
            'takebacks are switched off in this game',
            'TAKEBACKS_OFF',
          );
        takebackPlies(match, side);
        checkTakebackAsk(match, side);
        if (match.computerColor !== null) {
          if (match.turn !== side)
            throw new DomainError(
              'REFUSED',
              'the computer is thinking: ask after its move',
              'COMPUTER_THINKING',
            );
          return this.takeBack(em, say, match, side, match.computerColor);
        }
      }
      // The asker may withdraw the request ("decline" of one's own).
      const withdrawn = action === 'decline' && match.takebackOfferBy === side;
      const answer = withdrawn
        ? { offerBy: null }
        : answerOffer(match.takebackOfferBy, side, action, 'takeback');
      if (answer === 'agreed') return this.takeBack(em, say, match, opponent(side), side);
      if (action === 'decline' && !withdrawn) {
        match.takebackDeclinedBy = opponent(side);
        match.takebackDeclinedPly = match.ply;
      }
      match.takebackOfferBy = answer.offerBy;
      await this.store.save(em, match);
      say(matchId, 'match:takeback', { matchId, action, by: side }, players);
    });
    this.movement.forget(matchId);
  }

  /** Undoes `asker`'s last move (agreed by `by`): replayed from the start, so counters agree. */
  private async takeBack(em: EntityManager, say: Say, match: Match, asker: Color, by: Color) {
    const now = this.time.now();
    const ply = match.ply - takebackPlies(match, asker);
    const rows = await this.queries.moves(match.id, ply, em);
    const game = replay(
      positionOf({ ...match, fen: match.initialFen }),
      rows.map((r) => r.path),
    );
    if (!game.ok) throw new Error(`match ${match.id} does not replay: ${game.error.message}`);
    const next = afterTakeback(match, asker, ply, game.value, now);
    // The running side's time had run out: the game ends on time, as a move would.
    if (next === 'flag') return this.finisher.timeout(em, say, match, now);
    await this.store.truncateMoves(em, match.id, ply);
    await this.store.replacePieces(em, match.id, newPieces(match.id, game.value.position));
    // A computer's claim on a ply about to be played again must not hold that ply.
    Object.assign(match, next, { computerClaimPly: null, computerClaimUntil: null });
    await this.store.save(em, match);
    const state = await this.matches.stateOf(match, em);
    const players = [match.whiteId, match.blackId];
    say(
      match.id,
      'match:takeback',
      { matchId: match.id, action: 'accept', by, match: state },
      players,
    );
  }

  /** After the end: offer / accept / decline a rematch with colours swapped. */
  async rematch(player: PlayerIdentity, matchId: string, action: OfferAction): Promise<void> {
    await this.work.transaction(this.db, async (em, say, after) => {
      const match = await this.store.lock(em, matchId);
      const side = sideOf(match, player.id);
      const players = [match.whiteId, match.blackId];
      if (match.status !== 'finished')
        throw new DomainError('REFUSED', 'the match is still going on', 'GAME_GOING_ON');
      // The event pairs the next game (a rematch would be a second game at once).
      if (match.tournamentId !== null)
        throw new DomainError('REFUSED', 'no rematch in a tournament game', 'TOURNAMENT_GAME');
      if (match.rematchId)
        throw new DomainError('REFUSED', 'the rematch has already been played', 'REMATCH_PLAYED');
      // A block since the game: no offer, no new game (a decline still clears an offer).
      if (
        action !== 'decline' &&
        match.computerColor === null &&
        (await this.blocks.between(em, match.whiteId, match.blackId))
      )
        throw new DomainError('BLOCKED', 'you cannot play this player');
      const answer = answerOffer(match.rematchOfferBy, side, action, 'rematch');
      if (answer === 'agreed') {
        const clock =
          match.clockInitial !== null
            ? { initial: match.clockInitial, increment: match.clockIncrement ?? 0 }
            : null;
        // Named first: the accept tells the new game's id before its match:start.
        const next = randomUUID();
        match.rematchId = next;
        match.rematchOfferBy = null;
        await this.store.save(em, match);
        const accepted = { matchId, action: 'accept', by: side, newMatchId: next } as const;
        say(matchId, 'match:rematch', accepted, players);
        await this.starter.start(em, say, after, [
          {
            id: next,
            variant: match.variant,
            whiteId: match.blackId,
            blackId: match.whiteId,
            clock,
            days: match.days, // a correspondence game's rematch is one too
            fen: match.initialFen, // and one from a set position starts there again
            rated: match.rated, // from both players' ratings now
            // Against the computer, it keeps its level and takes the other colour.
            computer:
              match.computerColor !== null && match.computerLevel !== null
                ? { color: opponent(match.computerColor), level: match.computerLevel }
                : null,
          },
        ]);
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
    return this.work.transaction(this.db, async (em, say) => {
      const match = await this.store.lock(em, matchId);
      return fn(em, say, match, activeSide(match, player.id));
    });
  }
}
