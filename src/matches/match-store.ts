/**
 * The match tables: the locked read and the write of a match row inside a transaction, the bulk
 * insert of new matches, and the move batch's one statement. The bulk SQL stays raw (measured:
 * TypeORM's builder cost more CPU than the queries at thousands of moves a second) but its
 * column lists come from the entities (persistence/columns.ts), so a new column needs no edit
 * here but MOVE_CHANGES, if moves change it.
 */
import { Inject, Injectable } from '@nestjs/common';
import { TIME, type TimeSource } from '../common/time.js';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import {
  columnsOf,
  entityInputs,
  unnestSql,
  unnestValues,
  type Input,
} from '../persistence/columns.js';
import { Match, MoveRow, Piece } from '../persistence/entities/index.js';
import { rawSql, type RawSql } from '../persistence/raw-sql.js';
import { newMatch, type MatchSpec } from './match-rules.js';
import type { MoveFields } from './match-view.js';

export const MATCH_COLUMNS = columnsOf(Match);
const PIECE_COLUMNS = columnsOf(Piece);
const MOVE_COLUMNS = columnsOf<MoveFields>(MoveRow).filter(
  (c) => !c.generated && c.key !== ('createdAt' as keyof MoveFields),
);

/** Fixed when the match is created: nothing writes them again. */
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

const MATCH_INPUTS = entityInputs(MATCH_COLUMNS, (m: Match) => m);
const INSERT_MATCHES = `INSERT INTO matches (${MATCH_COLUMNS.map((c) => c.name).join(', ')})
  SELECT * FROM ${unnestSql(MATCH_INPUTS, 'i')}`;
const PIECE_INPUTS = entityInputs(PIECE_COLUMNS, (p: Piece) => p);
const INSERT_PIECES = `INSERT INTO pieces (${PIECE_COLUMNS.map((c) => c.name).join(', ')})
  SELECT * FROM ${unnestSql(PIECE_INPUTS, 'i')}`;

/** What save() writes: every column but the fixed ones (from a row locked FOR UPDATE). */
const SAVED = MATCH_COLUMNS.filter((c) => !FIXED.includes(c.key));

@Injectable()
export class MatchStore {
  private raw: RawSql | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(TIME) private readonly time: TimeSource,
  ) {}

  /** The match row, locked until the transaction ends (every change but a move's takes it). */
  async lock(em: EntityManager, matchId: string): Promise<Match> {
    const match = await em
      .getRepository(Match)
      .findOne({ where: { id: matchId }, lock: { mode: 'pessimistic_write' } });
    if (!match) throw new DomainError('NOT_FOUND', `no match ${matchId}`);
    return match;
  }

  async load(matchId: string, em: EntityManager = this.db.manager): Promise<Match> {
    const match = await em.getRepository(Match).findOne({ where: { id: matchId } });
    if (!match) throw new DomainError('NOT_FOUND', `no match ${matchId}`);
    return match;
  }

  /** Writes a locked match row back, its version bumped (so cached copies are not written over). */
  async save(em: EntityManager, match: Match): Promise<void> {
    match.version += 1;
    const set: Partial<Match> = {};
    for (const c of SAVED) Object.assign(set, { [c.key]: match[c.key] });
    await em.getRepository(Match).update({ id: match.id }, set);
  }

  /**
   * Inserts matches and their pieces inside the caller's transaction: two statements however
   * many matches (the queue pairs thousands at once). Returns each with its pieces.
   */
  async createMany(
    em: EntityManager,
    specs: readonly MatchSpec[],
    now = this.time.now(),
  ): Promise<{ match: Match; pieces: Piece[] }[]> {
    // Takebacks are fixed as the game starts: off if either player had switched them off.
    const ids = [...new Set(specs.flatMap((s) => [s.whiteId, s.blackId]))];
    const rows =
      ids.length === 0
        ? []
        : ((await em.query(
            `SELECT id FROM players WHERE id = ANY($1::uuid[]) AND settings->>'takebacks' = 'false'`,
            [ids],
          )) as { id: string }[]);
    const off = new Set(rows.map((r) => r.id));
    const made = specs.map((spec) =>
      newMatch({ ...spec, takebacks: !off.has(spec.whiteId) && !off.has(spec.blackId) }, now),
    );
    if (made.length > 0) await this.insert(em, made);
    return made;
  }

  /** Two statements however many rows: every column of each (the entities say which). */
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
}
