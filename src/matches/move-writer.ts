/**
 * Writes moves to the database in batches: every move that arrives while the previous batch is
 * being written goes into the next one, as ONE statement (MatchStore.writeMoves: its own
 * transaction, so it commits before any of its moves is acknowledged). Each move carries the
 * match version it was checked against; a match whose version moved meanwhile is not written
 * and its move is answered `false` (the caller re-reads and decides again).
 *
 * Why: on this machine a round trip to PostgreSQL costs more than the SQL it carries; one per
 * batch instead of eight per move is what lets the server keep up with the database.
 */
import { Logger } from '@nestjs/common';
import type { MoveWrite } from './match-store.js';

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
    /** Writes one batch; resolves with the ids of the matches written. */
    private readonly writeBatch: (ws: readonly MoveWrite[]) => Promise<Set<string>>,
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
        if (batch.length < MAX_BATCH && !seen.has(p.w.next.id)) {
          seen.add(p.w.next.id);
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
    const t0 = performance.now();
    let applied: Set<string>;
    try {
      applied = await this.writeBatch(batch.map((p) => p.w));
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
    for (const p of batch) p.done(applied.has(p.w.next.id));
    this.observe(performance.now() - t0, batch.length);
  }
}
