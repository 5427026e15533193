/**
 * Writes moves to the database in batches: every move that arrives while the previous batch is
 * being written goes into the next one, as ONE statement (its own transaction, so it commits
 * before any of its moves is acknowledged). Each move carries the match version it was checked
 * against; a match whose version moved meanwhile is not written and its move is answered
 * `false` (the caller re-reads and decides again). Per move the statement moves and crowns the
 * piece, deletes the captured ones, inserts the Move row, updates the match (ending it, for a
 * move that ends the game) and, on PostgreSQL, NOTIFYs the cluster in the same transaction.
 *
 * Why: on this machine a round trip to PostgreSQL costs more than the SQL it carries; one per
 * batch instead of eight per move is what lets the server keep up with the database.
 */
import { Logger } from '@nestjs/common';
import type { RawSql } from '../persistence/raw-sql.js';
import type { Color } from '../rules/index.js';
import type { DrawCounters } from '../rules/index.js';

export interface MoveWrite {
  matchId: string;
  /** The match version the move was checked against. */
  version: number;
  ply: number;
  by: Color;
  path: readonly number[];
  captures: readonly number[];
  promoted: boolean;
  fen: string;
  counters: DrawCounters;
  turn: Color | null;
  whiteMs: number | null;
  blackMs: number | null;
  turnStartedAt: Date | null;
  deadlineAt: Date | null;
  /** The opponent's standing draw offer lapses with this move. */
  clearDrawOffer: boolean;
  /** The NOTIFY payload announcing it (PostgreSQL), or null. */
  note: string | null;
  /** Set when the move ends the game: the match's result, and the match:end NOTIFY payload. */
  end: {
    winner: Color | null;
    reason: string;
    rule: string | null;
    at: Date;
    note: string | null;
  } | null;
}

const COLUMNS = `unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
    $7::bool[], $8::text[], $9::text[], $10::text[], $11::int[], $12::int[], $13::timestamptz[],
    $14::timestamptz[], $15::bool[], $16::smallint[], $17::smallint[], $18::text[], $19::text[],
    $20::text[], $21::text[], $22::timestamptz[], $23::text[])
  AS i(match_id, version, ply, by, path, captures, promoted, fen, counters, turn, white_ms,
    black_ms, turn_started_at, deadline_at, clear_draw, from_sq, to_sq, note, result_winner,
    result_reason, result_rule, ended_at, end_note)`;

const statement = (notify: boolean): string => `
WITH i AS (SELECT * FROM ${COLUMNS}),
m AS (
  UPDATE matches t SET ply = i.ply, fen = i.fen, counters = i.counters::jsonb, turn = i.turn,
    white_ms = i.white_ms, black_ms = i.black_ms, turn_started_at = i.turn_started_at,
    deadline_at = i.deadline_at, version = t.version + 1,
    draw_offer_by = CASE WHEN i.clear_draw THEN NULL ELSE t.draw_offer_by END,
    status = CASE WHEN i.result_reason IS NULL THEN t.status ELSE 'finished' END,
    result_winner = i.result_winner, result_reason = i.result_reason,
    result_rule = i.result_rule, ended_at = i.ended_at
  FROM i WHERE t.id = i.match_id AND t.version = i.version AND t.status = 'active'
  RETURNING t.id
),
d AS (
  DELETE FROM pieces p USING unnest($24::uuid[], $25::smallint[]) AS c(match_id, square), m
  WHERE m.id = c.match_id AND p.match_id = c.match_id AND p.square = c.square
),
u AS (
  UPDATE pieces p SET square = i.to_sq, king = p.king OR i.promoted
  FROM i, m WHERE m.id = i.match_id AND p.match_id = i.match_id AND p.square = i.from_sq
),
v AS (
  INSERT INTO moves (match_id, ply, by, path, captures, promoted, fen, white_ms, black_ms)
  SELECT i.match_id, i.ply, i.by, i.path::jsonb, i.captures::jsonb, i.promoted, i.fen,
    i.white_ms, i.black_ms
  FROM i JOIN m ON m.id = i.match_id
)
SELECT m.id${
  // The move, then the end (a select list is evaluated left to right).
  notify
    ? ', pg_notify($26, i.note), CASE WHEN i.end_note IS NOT NULL THEN pg_notify($26, i.end_note) END'
    : ''
} FROM m JOIN i ON i.match_id = m.id`;

const WITH_NOTIFY = statement(true);
const WITHOUT_NOTIFY = statement(false);

/** At most this many moves per statement (the parameters stay small). */
const MAX_BATCH = 200;
/**
 * Batches at the database at once. A second one goes while the first is out only when enough
 * moves wait to be worth a commit of their own. Under light load (workload 1: 2-5 moves per
 * batch) a second small batch mostly buys another commit: PostgreSQL's CPU fell from 0.39-0.48 to
 * 0.29-0.34 cores at 1,000 moves/s with this rule, on a 2-core machine it shares with the server.
 * Flat out, the second batch keeps the database busy while the first commits.
 */
const MAX_IN_FLIGHT = 2;
const SECOND_BATCH_MIN = 16;

interface Pending {
  w: MoveWrite;
  done: (applied: boolean) => void;
  fail: (e: unknown) => void;
}

export class MoveWriter {
  private readonly log = new Logger('MoveWriter');
  private queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly sql: RawSql,
    private readonly channel: string | null,
    /** Told each batch's database round trip (benchmarks: where a move's time goes). */
    private readonly observe: (ms: number, moves: number) => void = () => undefined,
  ) {}

  /** Resolves true once the move is committed, false if its match changed since it was read. */
  write(w: MoveWrite): Promise<boolean> {
    return new Promise((done, fail) => {
      this.queue.push({ w, done, fail });
      this.pump();
    });
  }

  private pump(): void {
    while (
      this.queue.length > 0 &&
      (this.inFlight === 0 ||
        (this.inFlight < MAX_IN_FLIGHT && this.queue.length >= SECOND_BATCH_MIN))
    ) {
      // One move per match per statement: a second one (a duplicate submission) waits for the
      // next batch, where its version check fails.
      const batch: Pending[] = [];
      const seen = new Set<string>();
      const rest: Pending[] = [];
      for (const p of this.queue) {
        if (batch.length < MAX_BATCH && !seen.has(p.w.matchId)) {
          seen.add(p.w.matchId);
          batch.push(p);
        } else rest.push(p);
      }
      this.queue = rest;
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    const ws = batch.map((p) => p.w);
    const capMatch: string[] = [];
    const capSquare: number[] = [];
    for (const w of ws)
      for (const c of w.captures) {
        capMatch.push(w.matchId);
        capSquare.push(c);
      }
    const values: unknown[] = [
      ws.map((w) => w.matchId),
      ws.map((w) => w.version),
      ws.map((w) => w.ply),
      ws.map((w) => w.by),
      ws.map((w) => JSON.stringify(w.path)),
      ws.map((w) => JSON.stringify(w.captures)),
      ws.map((w) => w.promoted),
      ws.map((w) => w.fen),
      ws.map((w) => JSON.stringify(w.counters)),
      ws.map((w) => w.turn),
      ws.map((w) => w.whiteMs),
      ws.map((w) => w.blackMs),
      ws.map((w) => w.turnStartedAt?.toISOString() ?? null),
      ws.map((w) => w.deadlineAt?.toISOString() ?? null),
      ws.map((w) => w.clearDrawOffer),
      ws.map((w) => w.path[0]),
      ws.map((w) => w.path[w.path.length - 1]),
      ws.map((w) => w.note),
      ws.map((w) => w.end?.winner ?? null),
      ws.map((w) => w.end?.reason ?? null),
      ws.map((w) => w.end?.rule ?? null),
      ws.map((w) => w.end?.at.toISOString() ?? null),
      ws.map((w) => w.end?.note ?? null),
      capMatch,
      capSquare,
    ];
    const notify = this.channel !== null;
    if (notify) values.push(this.channel);
    const t0 = performance.now();
    let rows: { id: string }[];
    try {
      rows = await this.sql.query<{ id: string }>(
        notify ? 'damas_moves_notify' : 'damas_moves',
        notify ? WITH_NOTIFY : WITHOUT_NOTIFY,
        values,
      );
    } catch (e) {
      if (batch.length === 1) {
        batch[0].fail(e);
        return;
      }
      // One bad move must not fail its neighbours: each is tried again on its own.
      this.log.warn(`a batch of ${batch.length} moves failed (${String(e)}); retrying one by one`);
      await Promise.all(batch.map((p) => this.flush([p])));
      return;
    }
    // Committed: from here on nothing may send these moves to the database again.
    const applied = new Set(rows.map((r) => r.id));
    for (const p of batch) p.done(applied.has(p.w.matchId));
    this.observe(performance.now() - t0, batch.length);
  }
}
