/**
 * Every way a game ends passes through here (lila's Finisher), each in the transaction that
 * decided it, with match:end said in that transaction (heard if, and only if, it commits):
 *   - by the rules after a move (no pieces, no moves, a draw rule): `byRules`, or, for a match
 *     whose pieces and names this process knows, `inBatch` (the move batch writes the end);
 *   - on time: `timeout` (the clock sweep, or a move that meets a fallen flag);
 *   - by a player: `resign`, `agreeDraw`, `abort` (before both sides moved), `abandon` (the
 *     opponent stayed away past the grace period).
 * Ratings and tournament scores are settled in `finish`, inside the ending's transaction; a
 * batched ending has only the batch statement, so a rated or tournament game's last move takes
 * the locked path (MovementService).
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MatchEnd, MatchState, MoveEvent } from '../common/protocol.js';
import type { Match } from '../persistence/entities/index.js';
import { opponent, type Color, type GameResult, type Position } from '../rules/index.js';
import { announcement, type Announcement, type Say } from '../realtime/announcement.js';
import { checkAbort, checkClaim, ended, piecesOf, timedOut, type PieceIds } from './match-rules.js';
import { MatchStore } from './match-store.js';
import { matchState } from './match-view.js';
import { MatchesService } from './matches.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { GameEndings, type EndingHow } from './game-endings.js';

/** What an ending produced (already said to the room, in its transaction). */
export interface Finished {
  event?: MoveEvent;
  end: MatchEnd;
}

@Injectable()
export class Finisher {
  constructor(
    private readonly store: MatchStore,
    private readonly matches: MatchesService,
    private readonly ratings: RatingsService,
    private readonly endings: GameEndings,
  ) {}

  /** A move ended the game by the rules (the locked path): the move, then the end. */
  byRules(
    em: EntityManager,
    say: Say,
    match: Match,
    result: GameResult,
    now: Date,
    event: MoveEvent,
  ) {
    return this.finish(em, say, match, result, now, event);
  }

  /**
   * The side to move ran out of time: its clock shows 0 and it loses. A game whose first moves
   * never came (the first-move time of a timed game, the days of a correspondence game) is
   * called off instead: a game that never began, not a loss.
   */
  timeout(em: EntityManager, say: Say, match: Match, now: Date): Promise<Finished> {
    // Before each side has moved it is a first move that never came, on the clock or by days.
    if (match.ply < 2) return this.finish(em, say, match, { winner: null, reason: 'aborted' }, now);
    const out = timedOut(match);
    Object.assign(match, out.match);
    return this.finish(em, say, match, out.result, now);
  }

  resign(em: EntityManager, say: Say, match: Match, side: Color, now: Date): Promise<Finished> {
    return this.finish(em, say, match, { winner: opponent(side), reason: 'resign' }, now);
  }

  /** `side` accepts the standing draw offer. */
  agreeDraw(em: EntityManager, say: Say, match: Match, side: Color, now: Date): Promise<Finished> {
    const players = [match.whiteId, match.blackId];
    say(match.id, 'match:draw', { matchId: match.id, action: 'accept', by: side }, players);
    return this.finish(em, say, match, { winner: null, reason: 'draw-agreed' }, now);
  }

  /** Before each side has moved: no result. `by`: the side that asked (the playban counts it). */
  abort(em: EntityManager, say: Say, match: Match, now: Date, by?: Color): Promise<Finished> {
    checkAbort(match);
    return this.finish(em, say, match, { winner: null, reason: 'aborted' }, now, undefined, {
      abortedBy: by ?? null,
    });
  }

  /** `side` claims the win: its opponent has been away past the grace period. */
  abandon(
    em: EntityManager,
    say: Say,
    match: Match,
    side: Color,
    now: Date,
    graceMs: number,
  ): Promise<Finished> {
    checkClaim(match, side, now, graceMs);
    return this.finish(em, say, match, { winner: side, reason: 'abandoned' }, now);
  }

  /**
   * A move that ends the game, written by the move batch (one statement, no lock): the row as
   * ended and its match:end, built from what this process knows (no read).
   */
  inBatch(
    next: Match,
    result: GameResult,
    now: Date,
    known: { position: Position; ids: PieceIds; names: ReadonlyMap<string, string> },
  ): { row: Match; end: Announcement } {
    const row = ended(next, result, now);
    const state = matchState(row, piecesOf(row.id, known.position, known.ids), known.names);
    const players = [row.whiteId, row.blackId];
    return { row, end: announcement(row.id, 'match:end', endOf(state), players) };
  }

  /** Ends the locked `match` with `result` inside the transaction, and says so. */
  private async finish(
    em: EntityManager,
    say: Say,
    match: Match,
    result: GameResult,
    now: Date,
    event?: MoveEvent,
    how: EndingHow = { abortedBy: null },
  ): Promise<Finished> {
    Object.assign(match, ended(match, result, now));
    // Rated: both ratings move in this same transaction, so exactly once; read with the
    // match's lock, written with its save (no statement of their own).
    const rated = await this.ratings.settle(
      em,
      match,
      result,
      now,
      this.store.lockedRatings(match),
    );
    // A tournament game scores in the same transaction (GameEndings' hooks).
    // So are fair play's outcomes (src/fairplay, a hook there too).
    await this.endings.settle(em, say, match, result, now, how);
    await this.store.save(em, match, rated);
    const end = endOf(await this.matches.stateOf(match, em));
    const players = [match.whiteId, match.blackId];
    if (event) say(match.id, 'match:move', event, players);
    say(match.id, 'match:end', end, players);
    return { event, end };
  }
}

/** The match:end payload of a finished match's state. */
const endOf = (state: MatchState): MatchEnd => ({
  matchId: state.id,
  result: state.result as GameResult,
  match: state,
});
