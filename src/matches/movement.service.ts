/**
 * The move pipeline, top to bottom (docs/ARCHITECTURE.md):
 *   1. the payload is validated at the edge (gateway / controller)     -> INVALID_PAYLOAD
 *   2. the player is authenticated (handshake / bearer)                -> UNAUTHENTICATED
 *   3. the match: as this process last wrote it (cache) or read fresh   -> NOT_FOUND, NOT_A_PLAYER,
 *                                                                          MATCH_OVER, NOT_YOUR_TURN
 *   4. the request matched against the Position's generated moves      -> NO_PIECE, AMBIGUOUS_MOVE,
 *                                                                          ILLEGAL_MOVE
 *   5. written in a batch (move-writer.ts), one statement and transaction: the match updated
 *      only if its version is still the one checked, pieces, the Move row, the NOTIFY; commit
 *   6. match:move (and match:end) to this process's sockets, then the ack.
 * A version conflict or an error seen on cached state is decided again on a fresh read. A move
 * that meets a fallen flag, or ends a game this process does not know the pieces and names of
 * (it did not pair it), runs steps 3-5 in one transaction under the match row's lock
 * (FOR UPDATE) instead. Nothing in 1-5 changes anything if it fails; nothing in 6 can undo 5.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError, fromRulesError } from '../common/errors.js';
import { RealtimeService, type Announcement, type Say } from '../realtime/realtime.service.js';
import { Match, MoveRow, Piece } from '../persistence/entities/index.js';
import type { MoveWrite } from './move-writer.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { rawSql } from '../persistence/raw-sql.js';
import {
  advance,
  getVariant,
  opponent,
  outcome,
  type Color,
  type Game,
  type Move,
  type MoveRequest,
  type Position,
  type GameResult,
  type VariantId,
} from '../rules/index.js';
import {
  matchState,
  moveEvent,
  type MatchState,
  type MoveEvent,
  type MoveFields,
} from './match-view.js';
import { MatchesService } from './matches.service.js';
import { MoveWriter } from './move-writer.js';

/** What a change produced (it has been said to the room as part of its transaction). */
export interface Committed {
  event?: MoveEvent;
  end?: { matchId: string; result: GameResult; match: MatchState };
}

/**
 * What this process knows of a match it paired, beyond the row: piece ids by square and the
 * players' names, enough to say match:end (a MatchState) without reading anything.
 */
interface Board {
  ids: Uint8Array;
  names: ReadonlyMap<string, string>;
}

interface Entry {
  match: Match;
  position: Position;
  board: Board | null;
}

@Injectable()
export class MovementService {
  /** Recently moved matches as of their last write here: checked again by version on write. */
  private readonly cache = new Map<string, Entry>();
  private writer: MoveWriter | null = null;
  /** Set by the test API (benchmarks): each batch's database round trip and size. */
  batchObserver: ((ms: number, moves: number) => void) | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly matches: MatchesService,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * Plays a move for `player`; resolves once it is durable and announced. The usual move is
   * checked against the cached (or freshly read) match and written in a batch with a version
   * check; a conflict or an error seen on cached state is decided again on a fresh read, and a
   * move that ends the game (or meets a fallen flag) takes the locked transaction.
   */
  async move(player: PlayerIdentity, matchId: string, req: MoveRequest): Promise<MoveEvent> {
    let entry = this.cache.get(matchId);
    for (let attempt = 0; attempt < 3; attempt++) {
      const cached = entry !== undefined;
      entry ??= await this.read(matchId);
      let plan: Plan | 'flag';
      try {
        plan = check(entry.match, entry.position, player, req, new Date());
      } catch (e) {
        this.cache.delete(matchId);
        if (!cached) throw e;
        entry = undefined; // decided on possibly stale state: decide again on a fresh read
        continue;
      }
      if (plan === 'flag' || (plan.result && !entry.board)) break;
      const done = await this.write(entry, plan);
      if (done) return done;
      this.cache.delete(matchId);
      entry = undefined;
    }
    this.cache.delete(matchId);
    return this.lockedMove(player, matchId, req);
  }

  private async read(matchId: string): Promise<Entry> {
    const match = await this.matches.load(matchId);
    return { match, position: this.matches.position(match), board: null };
  }

  /** The batched, version-checked write of a move (and of the game's end, if it ends it). */
  private async write(entry: Entry, plan: Plan): Promise<MoveEvent | null> {
    this.writer ??= new MoveWriter(rawSql(this.db), this.realtime.notifyChannel, (ms, n) =>
      this.batchObserver?.(ms, n),
    );
    const { match } = entry;
    const { row, game, now, move, result } = plan;
    const next: Match = {
      ...match,
      ...afterMove(match, plan),
      version: match.version + 1,
      ...(result && ended(result, now)),
    };
    const turn = next.turn;
    const players = [match.whiteId, match.blackId];
    const event = moveEvent(row, turn, !result);
    const note: Announcement = { matchId: match.id, event: 'match:move', payload: event, players };
    const board = entry.board && nextBoard(entry.board, move);
    let end: Announcement | null = null;
    if (result && board) {
      const state = matchState(next, piecesOf(match.id, game.position, board), board.names);
      end = { matchId: match.id, event: 'match:end', payload: endOf(state), players };
    }
    const notes = end ? [note, end] : [note];
    // null: not by NOTIFY (PGlite, or too large): announced after the commit (committed()).
    const texts = notes.map((n) => this.realtime.notifyText(n));
    const [text, endText = null] = texts;
    const applied = await this.writer.write({
      ...row,
      version: match.version,
      promoted: move.promoted,
      counters: next.counters,
      turn,
      turnStartedAt: next.turnStartedAt,
      deadlineAt: next.deadlineAt,
      clearDrawOffer: match.drawOfferBy !== null && next.drawOfferBy === null,
      note: text,
      end: end && {
        winner: next.resultWinner,
        reason: next.resultReason as string,
        rule: next.resultRule,
        at: now,
        note: endText,
      },
    } satisfies MoveWrite);
    if (!applied) return null;
    if (end) this.cache.delete(match.id);
    else this.remember({ match: next, position: game.position, board });
    this.realtime.committed(
      notes,
      notes.filter((_, i) => texts[i] === null),
    );
    return event;
  }

  /**
   * A match just created (committed) by this process, with its pieces and its players' names:
   * its first move skips the read, and its last one can say match:end without one.
   */
  started(match: Match, pieces: readonly Piece[], names: ReadonlyMap<string, string>): void {
    const ids = new Uint8Array(getVariant(match.variant as VariantId).geometry.squares + 1);
    for (const p of pieces) ids[p.square] = p.id;
    this.remember({ match, position: this.matches.position(match), board: { ids, names } });
  }

  private remember(entry: Entry): void {
    const { match } = entry;
    this.cache.delete(match.id);
    this.cache.set(match.id, entry);
    // Oldest first: a Map iterates in insertion order.
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
  }

  /** The same move in one transaction under the match row's lock (endings, flags, conflicts). */
  private async lockedMove(
    player: PlayerIdentity,
    matchId: string,
    req: MoveRequest,
  ): Promise<MoveEvent> {
    const done = await this.realtime.transaction(this.db, (em, say) =>
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
    req: MoveRequest,
  ): Promise<Committed> {
    const match = await lockMatch(em, matchId);
    const now = new Date();
    const plan = check(match, this.matches.position(match), player, req, now);
    if (plan === 'flag') return this.flag(em, say, match, now);
    const { move, result, row: fields } = plan;

    if (move.captures.length > 0) {
      await em
        .createQueryBuilder()
        .delete()
        .from(Piece)
        .where('match_id = :id AND square IN (:...squares)', {
          id: match.id,
          squares: move.captures,
        })
        .execute();
    }
    await em
      .createQueryBuilder()
      .update(Piece)
      .set(move.promoted ? { square: move.to, king: true } : { square: move.to })
      .where('match_id = :id AND square = :from', { id: match.id, from: move.from })
      .execute();

    const row = em.getRepository(MoveRow).create(fields);
    await em.getRepository(MoveRow).insert(row);

    Object.assign(match, afterMove(match, plan));
    if (result) return this.finish(em, say, match, result, now, moveEvent(row, null, false));
    await saveMatch(em, match);
    const event = moveEvent(row, match.turn, true);
    say(match.id, 'match:move', event, [match.whiteId, match.blackId]);
    return { event };
  }

  /** The side to move has run out of time: its clock shows 0 and it loses. */
  flag(em: EntityManager, say: Say, match: Match, now: Date): Promise<Committed> {
    const side = match.turn as Color;
    if (side === 'white') match.whiteMs = 0;
    else match.blackMs = 0;
    return this.finish(em, say, match, { winner: opponent(side), reason: 'timeout' }, now);
  }

  /** Ends the match with `result` inside the transaction (moves, resignations, flags...). */
  async finish(
    em: EntityManager,
    say: Say,
    match: Match,
    result: GameResult,
    now: Date,
    event?: MoveEvent,
  ): Promise<Committed> {
    Object.assign(match, ended(result, now));
    await saveMatch(em, match);
    const end = endOf(await this.matches.stateOf(match, em));
    const players = [match.whiteId, match.blackId];
    if (event) say(match.id, 'match:move', event, players);
    say(match.id, 'match:end', end, players);
    return { event, end };
  }
}

export async function lockMatch(em: EntityManager, matchId: string): Promise<Match> {
  const match = await em
    .getRepository(Match)
    .findOne({ where: { id: matchId }, lock: { mode: 'pessimistic_write' } });
  if (!match) throw new DomainError('NOT_FOUND', `no match ${matchId}`);
  return match;
}

export function sideOf(match: Match, playerId: string): Color {
  if (match.whiteId === playerId) return 'white';
  if (match.blackId === playerId) return 'black';
  throw new DomainError('NOT_A_PLAYER', 'you do not play in this match');
}

/** A move found legal for the side to move, with what it leads to. */
interface Plan {
  side: Color;
  move: Move;
  game: Game;
  result: GameResult | null;
  clocks: { white: number; black: number } | null;
  now: Date;
  row: MoveFields;
}

/**
 * Steps 3-4 on a match as read: who moves, whose turn, the clock, the rules. Throws the
 * request's DomainError; 'flag' when the mover's time had already run out.
 */
function check(
  match: Match,
  before: Position,
  player: PlayerIdentity,
  req: MoveRequest,
  now: Date,
): Plan | 'flag' {
  const squares = getVariant(match.variant as VariantId).geometry.squares;
  const asked = req.path ?? [req.from ?? 0, req.to ?? 0];
  if (asked.some((s) => s > squares)) {
    throw new DomainError('INVALID_PAYLOAD', `squares must be 1-${squares} on this board`);
  }
  const side = sideOf(match, player.id);
  if (match.status !== 'active') throw new DomainError('MATCH_OVER', 'the match has ended');
  if (match.turn !== side) throw new DomainError('NOT_YOUR_TURN', `${match.turn} is to move`);
  const clocks = runClock(match, side, now);
  if (clocks === 'flag') return 'flag';
  const found = before.findMove(req);
  if (!found.ok) throw fromRulesError(found.error);
  const move = found.value;
  const game = advance({ position: before, counters: match.counters }, move);
  const row: MoveFields = {
    matchId: match.id,
    ply: match.ply + 1,
    by: side,
    path: move.path as number[],
    captures: move.captures as number[],
    promoted: move.promoted,
    fen: game.position.fen,
    whiteMs: clocks?.white ?? null,
    blackMs: clocks?.black ?? null,
  };
  return { side, move, game, result: outcome(game), clocks, now, row };
}

/** What a move changes in its match row, its game's end aside (both ways of writing a move use it). */
function afterMove(match: Match, { row, game, clocks, now, result, side }: Plan): Partial<Match> {
  const turn = result ? null : game.position.turn;
  return {
    ply: row.ply,
    fen: row.fen,
    counters: game.counters,
    turn,
    whiteMs: row.whiteMs,
    blackMs: row.blackMs,
    turnStartedAt: clocks ? now : null,
    deadlineAt:
      clocks && turn
        ? new Date(now.getTime() + (turn === 'white' ? clocks.white : clocks.black))
        : null,
    // A standing offer by the opponent lapses when this side moves instead of answering it.
    drawOfferBy: match.drawOfferBy === side ? match.drawOfferBy : null,
  };
}

/** What ending with `result` changes in a match row (both ways of ending a match use it). */
function ended(result: GameResult, now: Date): Partial<Match> {
  return {
    status: 'finished',
    turn: null,
    resultWinner: result.winner,
    resultReason: result.reason,
    resultRule: result.rule ?? null,
    drawOfferBy: null,
    deadlineAt: null,
    endedAt: now,
  };
}

/** The match:end payload of a finished match's state. */
function endOf(state: MatchState): NonNullable<Committed['end']> {
  return { matchId: state.id, result: state.result as GameResult, match: state };
}

/** Piece ids by square after `move` (a copy: the cached entry may still be checked against). */
function nextBoard(board: Board, move: Move): Board {
  const ids = board.ids.slice();
  const id = ids[move.from];
  for (const c of move.captures) ids[c] = 0;
  ids[move.from] = 0; // before the landing: a capture can end where it began
  ids[move.to] = id;
  return { ids, names: board.names };
}

/** The pieces of `position` as rows, with their ids. */
function piecesOf(matchId: string, position: Position, board: Board): Piece[] {
  return position.pieces().map((p) => ({
    matchId,
    id: board.ids[p.square],
    color: p.color,
    king: p.king,
    square: p.square,
  }));
}

/** Matches kept in memory per process (about 2 KB each). */
const CACHE_SIZE = 20_000;

export async function saveMatch(em: EntityManager, match: Match): Promise<void> {
  match.version += 1;
  await em.getRepository(Match).update(
    { id: match.id },
    {
      status: match.status,
      turn: match.turn,
      ply: match.ply,
      fen: match.fen,
      counters: match.counters,
      resultWinner: match.resultWinner,
      resultReason: match.resultReason,
      resultRule: match.resultRule,
      whiteMs: match.whiteMs,
      blackMs: match.blackMs,
      turnStartedAt: match.turnStartedAt,
      drawOfferBy: match.drawOfferBy,
      deadlineAt: match.deadlineAt,
      whiteAbsentSince: match.whiteAbsentSince,
      blackAbsentSince: match.blackAbsentSince,
      rematchOfferBy: match.rematchOfferBy,
      rematchId: match.rematchId,
      version: match.version,
      endedAt: match.endedAt,
    },
  );
}

/**
 * Fischer clock for the side about to move: time since its turn started is taken off, the
 * increment added. 'flag' when it had already run out; null for untimed matches.
 */
function runClock(
  match: Match,
  side: Color,
  now: Date,
): { white: number; black: number } | 'flag' | null {
  if (match.whiteMs === null || match.blackMs === null || match.turnStartedAt === null) return null;
  const elapsed = now.getTime() - match.turnStartedAt.getTime();
  const left = (side === 'white' ? match.whiteMs : match.blackMs) - elapsed;
  if (left <= 0) return 'flag';
  const mine = left + (match.clockIncrement ?? 0);
  return side === 'white'
    ? { white: mine, black: match.blackMs }
    : { white: match.whiteMs, black: mine };
}
