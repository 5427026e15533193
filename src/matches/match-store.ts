/**
 * The match tables' one writer: `matches`, `pieces` and `moves` are written here and nowhere else
 * (their reads are MatchQueries'; test/unit/table-owners.test.ts holds both to it): the locked
 * read and the write of a match row inside a transaction, the bulk insert of new matches, the
 * move batch's one statement, a move on the locked path, a takeback's truncation, the presence
 * marks, the clocks given back after an outage and the computer's claims.
 *
 * The rule for SQL on these tables: raw SQL built from the entities' columns (columns.ts) for hot
 * and set-based statements (measured: TypeORM's builder cost more CPU than the queries at
 * thousands of moves a second), a repository for one row by id, no query builder. A new column
 * needs no edit here but MOVE_CHANGES, if moves change it.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import {
  columnsOf,
  entityInputs,
  selectSql,
  unnestSql,
  unnestValues,
  type Input,
  type SqlPart,
} from '../persistence/columns.js';
import { LOCKED_RATINGS_SQL, type LockedRating } from '../ratings/ratings.service.js';
import { Match, MoveRow, Piece } from '../persistence/entities/index.js';
import { rawSql, returnedRows, type RawSql } from '../persistence/raw-sql.js';
import type { Color, Move } from '../rules/index.js';
import type { MoveFields } from './match-rules.js';

export const MATCH_COLUMNS = columnsOf(Match);
const PIECE_COLUMNS = columnsOf(Piece);
/** A Move row's columns as the server writes them (the database fills its id and time). */
export const MOVE_COLUMNS = columnsOf<MoveFields>(MoveRow).filter(
  (c) => !c.generated && c.key !== ('createdAt' as keyof MoveFields),
);

/** A computer's turn that nobody holds: no claim on this ply, or one that lapsed. */
export const UNCLAIMED = `(computer_claim_ply IS DISTINCT FROM ply OR computer_claim_until IS NULL
               OR computer_claim_until < now())`;

/**
 * Fixed when the match is created: save() never writes them again (`explored` is the explorer's
 * queue mark, written by claimUnexplored's own statement only).
 */
export const FIXED: readonly (keyof Match)[] = [
  'id',
  'variant',
  'whiteId',
  'blackId',
  'initialFen',
  'clockInitial',
  'clockIncrement',
  'days',
  'computerColor',
  'computerLevel',
  'rated',
  'takebacks',
  'whiteRating',
  'whiteProvisional',
  'blackRating',
  'blackProvisional',
  'createdAt',
  'explored',
];

/**
 * What a move (and a move that ends the game) changes in the match row: all the move batch
 * writes. Only these, because other columns may be written meanwhile without a version bump
 * (the presence marks) and the batch writes from a cached row. A test checks that the move
 * rules (afterMove, ended) change nothing else.
 */
export const MOVE_CHANGES: readonly (keyof Match)[] = [
  'status',
  'turn',
  'ply',
  'fen',
  'counters',
  'whiteMs',
  'blackMs',
  'turnStartedAt',
  'deadlineAt',
  'drawOfferBy',
  'takebackOfferBy',
  'resultWinner',
  'resultReason',
  'resultRule',
  'endedAt',
  'version',
];
const MOVE_WRITES = MATCH_COLUMNS.filter((c) => MOVE_CHANGES.includes(c.key));

/** One move of a batch: the match row after it (ended, if it ends the game) and its Move row. */
export interface MoveWrite {
  next: Match;
  /** The match version the move was checked against. */
  expected: number;
  move: MoveFields;
  /** The NOTIFY payloads announcing the move and the end (PostgreSQL), or null. */
  note: string | null;
  endNote: string | null;
}

const MOVE_INPUTS: Input<MoveWrite>[] = [
  { name: 'match_id', type: 'uuid', get: (w) => w.next.id },
  { name: 'expected', type: 'int', get: (w) => w.expected },
  { name: 'from_sq', type: 'smallint', get: (w) => w.move.path[0] },
  { name: 'to_sq', type: 'smallint', get: (w) => w.move.path[w.move.path.length - 1] },
  { name: 'note', type: 'text', get: (w) => w.note },
  { name: 'end_note', type: 'text', get: (w) => w.endNote },
  ...entityInputs(MOVE_WRITES, (w: MoveWrite) => w.next, 'm_'),
  ...entityInputs(MOVE_COLUMNS, (w: MoveWrite) => w.move, 'v_'),
];
const CAPTURED = MOVE_INPUTS.length + 1;
const CHANNEL = CAPTURED + 2;

/**
 * Per move: the match updated only if its version is still the one checked (and it is still
 * active), the captured pieces deleted, the piece moved and crowned, the Move row inserted;
 * with `notify`, the announcements in the same transaction. Returns the ids of the matches
 * written. One statement is its own transaction: committed before any move is acknowledged.
 */
const moveBatch = (notify: boolean): string => `
WITH i AS (SELECT * FROM ${unnestSql(MOVE_INPUTS, 'i')}),
m AS (
  UPDATE matches t SET ${MOVE_WRITES.map((c) => `${c.name} = i.m_${c.name}`).join(', ')}
  FROM i WHERE t.id = i.match_id AND t.version = i.expected AND t.status = 'active'
  RETURNING t.id
),
d AS (
  DELETE FROM pieces p USING unnest($${CAPTURED}::uuid[], $${CAPTURED + 1}::smallint[])
    AS c(match_id, square), m
  WHERE m.id = c.match_id AND p.match_id = c.match_id AND p.square = c.square
),
u AS (
  UPDATE pieces p SET square = i.to_sq, king = p.king OR i.v_promoted
  FROM i, m WHERE m.id = i.match_id AND p.match_id = i.match_id AND p.square = i.from_sq
),
v AS (
  INSERT INTO moves (${MOVE_COLUMNS.map((c) => c.name).join(', ')})
  SELECT ${MOVE_COLUMNS.map((c) => `i.v_${c.name}`).join(', ')} FROM i JOIN m ON m.id = i.match_id
)
SELECT m.id${
  // The move, then the end (a select list is evaluated left to right).
  notify
    ? `, pg_notify($${CHANNEL}, i.note), CASE WHEN i.end_note IS NOT NULL THEN pg_notify($${CHANNEL}, i.end_note) END`
    : ''
} FROM m JOIN i ON i.match_id = m.id`;

const MOVES_NOTIFY = moveBatch(true);
const MOVES = moveBatch(false);

const MOVE_ROW_INPUTS = entityInputs(MOVE_COLUMNS, (m: MoveFields) => m);
const INSERT_MOVES = `INSERT INTO moves (${MOVE_COLUMNS.map((c) => c.name).join(', ')})
  SELECT * FROM ${unnestSql(MOVE_ROW_INPUTS, 'i')}`;

const MATCH_INPUTS = entityInputs(MATCH_COLUMNS, (m: Match) => m);
const INSERT_MATCHES = `INSERT INTO matches (${MATCH_COLUMNS.map((c) => c.name).join(', ')})
  SELECT * FROM ${unnestSql(MATCH_INPUTS, 'i')}`;
const PIECE_INPUTS = entityInputs(PIECE_COLUMNS, (p: Piece) => p);
const INSERT_PIECES = `INSERT INTO pieces (${PIECE_COLUMNS.map((c) => c.name).join(', ')})
  SELECT * FROM ${unnestSql(PIECE_INPUTS, 'i')}`;

/** What save() writes: every column but the fixed ones (from a row locked FOR UPDATE). */
const SAVED = MATCH_COLUMNS.filter((c) => !FIXED.includes(c.key));
const SAVED_INPUTS = entityInputs(SAVED, (m: Match) => m);

/**
 * lock()'s statement: the row as its entity reads, and a rated game's ratings, both locked, the
 * match first (a materialized CTE: a subquery in the select list would lock the ratings first,
 * and an ending that makes a missing rating row after the lock would then take them in the
 * other order).
 */
const LOCK_SQL = `WITH m AS MATERIALIZED (SELECT * FROM matches WHERE id = $1 FOR UPDATE)
  SELECT ${selectSql(MATCH_COLUMNS, 'm')}, ${LOCKED_RATINGS_SQL} AS "lockedRatings" FROM m`;
interface Locked {
  lockedRatings: LockedRating[];
}

/**
 * The opening explorer's queue (issue 35): a batch of finished games not yet explored, taken by
 * this transaction alone (SKIP LOCKED: a second process takes the next ones) and marked explored
 * in the same statement, so the caller's index writes commit with the mark (a game is counted
 * once or, after a crash, not yet). Finished games only: a move's commit never waits on it.
 */
const CLAIM_UNEXPLORED_SQL = `
  WITH batch AS (
    SELECT id FROM matches
     WHERE status = 'finished' AND NOT explored
     ORDER BY ended_at, id
     LIMIT $1
     FOR UPDATE SKIP LOCKED)
  UPDATE matches m SET explored = true FROM batch WHERE m.id = batch.id
  RETURNING m.id, m.variant, m.initial_fen, m.result_winner, m.result_reason, m.white_rating,
            m.black_rating, m.clock_initial, m.clock_increment, m.days, m.computer_color, m.ply,
            m.ended_at,
            EXISTS (SELECT 1 FROM players p WHERE p.id IN (m.white_id, m.black_id) AND p.bot) AS bot`;

/** A game the explorer's queue gave out. */
export interface UnexploredGame {
  id: string;
  variant: string;
  initial_fen: string;
  result_winner: Color | null;
  result_reason: string | null;
  white_rating: number | null;
  black_rating: number | null;
  clock_initial: number | null;
  clock_increment: number | null;
  days: number | null;
  computer_color: string | null;
  ply: number;
  ended_at: Date | null;
  /** A bot account played it. */
  bot: boolean;
}

@Injectable()
export class MatchStore {
  private raw: RawSql | null = null;
  /** What lock() read with each match it gave out (gone with the object). */
  private readonly locked = new WeakMap<Match, readonly LockedRating[]>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The match row, locked until the transaction ends (every change but a move's takes it). A
   * rated game going on has its players' ratings locked and read in the same statement (issue
   * 36: an ending settles them without a round trip of its own): lockedRatings() gives them.
   */
  async lock(em: EntityManager, matchId: string): Promise<Match> {
    const [row] = (await em.query(LOCK_SQL, [matchId])) as (Match & Locked)[];
    if (!row) throw new DomainError('NOT_FOUND', `no match ${matchId}`);
    const { lockedRatings, ...columns } = row;
    const match = Object.assign(new Match(), columns);
    this.locked.set(match, lockedRatings);
    return match;
  }

  /** The rating rows lock() read with `match` (none if it did not lock this very object). */
  lockedRatings(match: Match): readonly LockedRating[] {
    return this.locked.get(match) ?? [];
  }

  /**
   * Writes a locked match row back, its version bumped (so cached copies are not written over);
   * `also`, another owner's write (a game's ratings), runs in the same statement.
   */
  async save(em: EntityManager, match: Match, also: SqlPart | null = null): Promise<void> {
    // Every column is written: one left undefined would be written NULL.
    const missing = SAVED.find((c) => match[c.key] === undefined);
    if (missing) throw new Error(`save(): ${missing.key} of match ${match.id} is undefined`);
    match.version += 1;
    const values = [match.id, ...unnestValues(SAVED_INPUTS, [match])];
    const update = `UPDATE matches m SET ${SAVED.map((c) => `${c.name} = i.${c.name}`).join(', ')}
      FROM ${unnestSql(SAVED_INPUTS, 'i', 2)} WHERE m.id = $1`;
    if (!also) return void (await em.query(update, values));
    await em.query(`WITH also AS (${also.sql(values.length + 1)}) ${update}`, [
      ...values,
      ...also.params,
    ]);
  }

  /**
   * New matches and their pieces inserted inside the caller's transaction: two statements however
   * many matches (the queue pairs thousands at once), every column of each (the entities say
   * which). MatchStarter makes them; nothing else inserts matches.
   */
  async insert(em: EntityManager, made: readonly { match: Match; pieces: Piece[] }[]) {
    await em.query(
      INSERT_MATCHES,
      unnestValues(
        MATCH_INPUTS,
        made.map((x) => x.match),
      ),
    );
    await em.query(
      INSERT_PIECES,
      unnestValues(
        PIECE_INPUTS,
        made.flatMap((x) => x.pieces),
      ),
    );
  }

  /** A locked match's pieces replaced by `pieces` (a takeback: ids start again from 1). */
  async replacePieces(em: EntityManager, matchId: string, pieces: readonly Piece[]): Promise<void> {
    await em.query(`DELETE FROM pieces WHERE match_id = $1`, [matchId]);
    if (pieces.length > 0) await em.query(INSERT_PIECES, unnestValues(PIECE_INPUTS, pieces));
  }

  /**
   * A move on the locked path (the row locked by the caller): its captures taken off, the piece
   * moved (and crowned), the Move row inserted. The match row is the caller's to save.
   */
  async applyMove(em: EntityManager, matchId: string, move: Move, row: MoveFields): Promise<void> {
    if (move.captures.length > 0)
      await em.query(`DELETE FROM pieces WHERE match_id = $1 AND square = ANY($2::smallint[])`, [
        matchId,
        move.captures,
      ]);
    await em.query(
      `UPDATE pieces SET square = $3, king = king OR $4 WHERE match_id = $1 AND square = $2`,
      [matchId, move.from, move.to, move.promoted],
    );
    await em.query(INSERT_MOVES, unnestValues(MOVE_ROW_INPUTS, [row]));
  }

  /** A takeback: the moves after `ply` go (the locked match is saved at that ply). */
  async truncateMoves(em: EntityManager, matchId: string, ply: number): Promise<void> {
    await em.query(`DELETE FROM moves WHERE match_id = $1 AND ply > $2`, [matchId, ply]);
  }

  /**
   * The player is away since `since` (or back: null) in their active live games where that is
   * not already so; returns the games changed, with the player's side in each. Correspondence
   * players are away between moves by design: no absence, no claim.
   */
  async markAbsence(
    em: EntityManager,
    playerId: string,
    since: Date | null,
  ): Promise<{ id: string; color: Color }[]> {
    const side = (c: Color) =>
      `CASE WHEN ${c}_id = $1 THEN $2::timestamptz ELSE ${c}_absent_since END`;
    const rows = (await em.query(
      `UPDATE matches SET white_absent_since = ${side('white')},
              black_absent_since = ${side('black')}
        WHERE status = 'active' AND days IS NULL
          AND ((white_id = $1 AND (white_absent_since IS NULL) = $3)
            OR (black_id = $1 AND (black_absent_since IS NULL) = $3))
        RETURNING id, white_id`,
      [playerId, since, since !== null],
    )) as unknown;
    return returnedRows<{ id: string; white_id: string }>(rows).map((r) => ({
      id: r.id,
      color: r.white_id === playerId ? 'white' : 'black',
    }));
  }

  /** After an outage: every running clock gets `gapMs` back (turn start and deadline move on). */
  async shiftClocks(em: EntityManager, gapMs: number): Promise<void> {
    await em.query(
      `UPDATE matches SET turn_started_at = turn_started_at + $1 * interval '1 millisecond',
         deadline_at = deadline_at + $1 * interval '1 millisecond', version = version + 1
       WHERE status = 'active' AND deadline_at IS NOT NULL`,
      [gapMs],
    );
  }

  /**
   * The computer's claim on the current ply of `matchId`, held for `holdMs`: true if this call
   * took it (one conditional UPDATE: only one process can hold a ply's claim while it lasts).
   */
  async claimComputerPly(matchId: string, holdMs: number): Promise<boolean> {
    const rows = (await this.db.query(
      `UPDATE matches SET computer_claim_ply = ply,
              computer_claim_until = now() + $2 * interval '1 millisecond'
        WHERE id = $1 AND status = 'active' AND turn = computer_color AND ${UNCLAIMED}
        RETURNING id`,
      [matchId, holdMs],
    )) as unknown;
    return returnedRows(rows).length > 0;
  }

  /** The computer's claims on these matches given back (it stopped thinking on them). */
  async releaseComputerClaims(matchIds: readonly string[]): Promise<void> {
    await this.db.query(
      `UPDATE matches SET computer_claim_until = NULL WHERE id = ANY($1::uuid[])`,
      [matchIds],
    );
  }

  /** One move batch (moveBatch above); resolves with the ids of the matches written. */
  async writeMoves(ws: readonly MoveWrite[], channel: string | null): Promise<Set<string>> {
    this.raw ??= rawSql(this.db);
    const capMatch: string[] = [];
    const capSquare: number[] = [];
    for (const w of ws)
      for (const c of w.move.captures) {
        capMatch.push(w.next.id);
        capSquare.push(c);
      }
    const values: unknown[] = [...unnestValues(MOVE_INPUTS, ws), capMatch, capSquare];
    if (channel !== null) values.push(channel);
    const rows = await this.raw.query<{ id: string }>(
      channel !== null ? 'damas_moves_notify' : 'damas_moves',
      channel !== null ? MOVES_NOTIFY : MOVES,
      values,
    );
    return new Set(rows.map((r) => r.id));
  }
  /** The explorer's next batch of finished games, marked explored in `em`'s transaction. */
  async claimUnexplored(em: EntityManager, size: number): Promise<UnexploredGame[]> {
    return returnedRows<UnexploredGame>(await em.query(CLAIM_UNEXPLORED_SQL, [size]));
  }
}
