/**
 * The move pipeline, top to bottom (docs/ARCHITECTURE.md):
 *   1. the payload is validated at the edge (gateway / controller)     -> INVALID_PAYLOAD
 *   2. the player is authenticated (handshake / bearer)                -> UNAUTHENTICATED
 *   3. the match: as this process last wrote it (cache) or read fresh   -> NOT_FOUND, NOT_A_PLAYER,
 *                                                                          MATCH_OVER, NOT_YOUR_TURN
 *   4. the request matched against the Position's generated moves      -> NO_PIECE, AMBIGUOUS_MOVE,
 *                                                                          ILLEGAL_MOVE
 *   5. written in a batch (move-writer.ts, match-store.ts), one statement and transaction: the
 *      match updated only if its version is still the one checked, pieces, the Move row, the
 *      NOTIFY; commit
 *   6. match:move (and match:end) to this process's sockets, then the ack.
 * A version conflict or an error seen on cached state is decided again on a fresh read. A move
 * that meets a fallen flag, or ends a game this process does not know the pieces and names of
 * (it did not pair it), runs steps 3-5 in one transaction under the match row's lock
 * (FOR UPDATE) instead. Nothing in 1-5 changes anything if it fails; nothing in 6 can undo 5.
 */
import { Inject, Injectable } from '@nestjs/common';
import { TIME, type TimeSource } from '../common/time.js';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { MoveEvent } from '../common/protocol.js';
import type { Match, Piece } from '../persistence/entities/index.js';
import type { PlayerIdentity } from '../players/players.service.js';
import type { MoveRequest, Position, VariantId } from '../rules/index.js';
import { announcement, type Announcement, type Say } from '../realtime/announcement.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { NotificationsService } from '../notifications/index.js';
import { Finisher, type Finished } from './finisher.js';
import {
  afterMove,
  movePieceIds,
  pieceIdsOf,
  planMove,
  positionOf,
  type MovePlan,
  type PieceIds,
} from './match-rules.js';
import { MatchQueries } from './match-queries.js';
import { MatchStore } from './match-store.js';
import { moveEvent } from './match-view.js';
import { MoveWriter } from './move-writer.js';

/** A match as this process last wrote it. */
interface Entry {
  match: Match;
  position: Position;
  /** Known to the process that paired the match: enough to say match:end without a read. */
  known: { ids: PieceIds; names: ReadonlyMap<string, string> } | null;
}

/** Matches kept in memory per process (about 2 KB each). */
const CACHE_SIZE = 20_000;

@Injectable()
export class MovementService {
  /** Recently moved matches as of their last write here: checked again by version on write. */
  private readonly cache = new Map<string, Entry>();
  private readonly writer: MoveWriter;
  /** Set by the test API (benchmarks): each batch's database round trip and size. */
  batchObserver: ((ms: number, moves: number) => void) | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly queries: MatchQueries,
    private readonly finisher: Finisher,
    private readonly work: UnitOfWork,
    private readonly bus: ClusterBus,
    private readonly notifications: NotificationsService,
    @Inject(TIME) private readonly time: TimeSource,
  ) {
    this.writer = new MoveWriter(
      (ws) => this.store.writeMoves(ws, this.bus.moveChannel),
      (ms, n) => this.batchObserver?.(ms, n),
    );
  }

  /**
   * Plays a move for `player`; resolves once it is durable and announced. The usual move is
   * checked against the cached (or freshly read) match and written in a batch with a version
   * check; a conflict or an error seen on cached state is decided again on a fresh read, and a
   * move that ends a game this process did not pair (or meets a fallen flag) takes the lock.
   */
  async move(
    player: PlayerIdentity,
    matchId: string,
    req: MoveRequest & { ply?: number },
  ): Promise<MoveEvent> {
    let entry = this.cache.get(matchId);
    for (let attempt = 0; attempt < 3; attempt++) {
      const cached = entry !== undefined;
      entry ??= await this.read(matchId);
      let plan: MovePlan | 'flag';
      try {
        plan = planMove(entry.match, entry.position, player.id, req, this.time.now());
      } catch (e) {
        this.cache.delete(matchId);
        if (!cached) throw e;
        entry = undefined; // decided on possibly stale state: decide again on a fresh read
        continue;
      }
      // A rated or tournament game's end settles ratings or scores: that needs the locked
      // path's transaction. So does every correspondence move: it notifies the opponent in
      // the move's own transaction (such moves are days apart: the batch saves them nothing).
      const settles = entry.match.rated || entry.match.tournamentId !== null;
      const correspondence = entry.match.days !== null;
      if (plan === 'flag' || correspondence || (plan.result && (!entry.known || settles))) break;
      const done = await this.write(entry, plan);
      if (done) return done;
      this.cache.delete(matchId);
      entry = undefined;
    }
    this.cache.delete(matchId);
    return this.lockedMove(player, matchId, req);
  }

  /** A match's variant as this process last wrote it, if it did (no read: the move's path). */
  cachedVariant(matchId: string): VariantId | undefined {
    return this.cache.get(matchId)?.match.variant;
  }

  /** Drops what this process knows of a match (changed by another writer: a takeback). */
  forget(matchId: string): void {
    this.cache.delete(matchId);
  }

  /**
   * A match just created (committed) by this process, with its pieces and its players' names:
   * its first move skips the read, and its last one can say match:end without one.
   */
  started(match: Match, pieces: readonly Piece[], names: ReadonlyMap<string, string>): void {
    const known = { ids: pieceIdsOf(match.variant, pieces), names };
    this.remember({ match, position: positionOf(match), known });
  }

  private async read(matchId: string): Promise<Entry> {
    const match = await this.queries.load(matchId);
    return { match, position: positionOf(match), known: null };
  }

  private remember(entry: Entry): void {
    this.cache.delete(entry.match.id);
    this.cache.set(entry.match.id, entry);
    // Oldest first: a Map iterates in insertion order.
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
  }

  /** The batched, version-checked write of a move (and of the game's end, if it ends it). */
  private async write(entry: Entry, plan: MovePlan): Promise<MoveEvent | null> {
    const { match } = entry;
    const { row, progress, now, move, result } = plan;
    const moved: Match = { ...afterMove(match, plan), version: match.version + 1 };
    const players = [match.whiteId, match.blackId];
    // A move that ends the game leaves nobody to move (as on the locked path).
    const event = moveEvent(row, result ? null : moved.turn, !result);
    const known = entry.known && {
      ids: movePieceIds(entry.known.ids, move),
      names: entry.known.names,
    };
    const ending =
      result && known
        ? this.finisher.inBatch(moved, result, now, { position: progress.position, ...known })
        : null;
    const next = ending?.row ?? moved;
    const notes: Announcement[] = [announcement(match.id, 'match:move', event, players)];
    if (ending) notes.push(ending.end);
    // null: not by NOTIFY (PGlite, or too large): announced after the commit (committed()).
    const texts = notes.map((n) => this.bus.notifyText(n));
    const applied = await this.writer.write({
      next,
      expected: match.version,
      move: row,
      note: texts[0],
      endNote: texts[1] ?? null,
    });
    if (!applied) return null;
    if (ending) this.cache.delete(match.id);
    else this.remember({ match: next, position: progress.position, known });
    this.work.committed(
      notes,
      notes.filter((_, i) => texts[i] === null),
    );
    return event;
  }

  /** The same move in one transaction under the match row's lock (endings, flags, conflicts). */
  private async lockedMove(
    player: PlayerIdentity,
    matchId: string,
    req: MoveRequest & { ply?: number },
  ): Promise<MoveEvent> {
    const done = await this.work.transaction(this.db, (em, say) =>
      this.apply(em, say, player, matchId, req),
    );
    if (!done.event) {
      // The mover's clock had run out: the game ended on time instead (committed, announced).
      throw new DomainError('MATCH_OVER', 'your time ran out before this move');
    }
    return done.event;
  }

  /** Steps 3-5, inside the transaction. */
  private async apply(
    em: EntityManager,
    say: Say,
    player: PlayerIdentity,
    matchId: string,
    req: MoveRequest & { ply?: number },
  ): Promise<{ event?: MoveEvent } | Finished> {
    const match = await this.store.lock(em, matchId);
    const now = this.time.now();
    const plan = planMove(match, positionOf(match), player.id, req, now);
    if (plan === 'flag') return this.finisher.timeout(em, say, match, now);
    const { move, result, row } = plan;
    await this.store.applyMove(em, match.id, move, row);

    Object.assign(match, afterMove(match, plan));
    if (result)
      return this.finisher.byRules(em, say, match, result, now, moveEvent(row, null, false));
    await this.store.save(em, match);
    const event = moveEvent(row, match.turn, true);
    say(match.id, 'match:move', event, [match.whiteId, match.blackId]);
    if (match.days !== null) await this.yourTurn(em, say, match, player);
    return { event };
  }

  /** A correspondence move: the opponent's turn is noticed, the mover's own notice is read. */
  private async yourTurn(em: EntityManager, say: Say, match: Match, mover: PlayerIdentity) {
    await this.notifications.readGame(em, say, mover.id, match.id);
    const next = match.turn === 'white' ? match.whiteId : match.blackId;
    if (match.computerColor === match.turn || next === mover.id) return;
    await this.notifications.add(em, say, [next], 'yourTurn', {
      matchId: match.id,
      opponent: mover.name,
    });
  }
}
