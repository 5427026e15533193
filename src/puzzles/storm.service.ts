/**
 * Puzzle storm runs: a start hands out a ladder of puzzles and notes the time; the end's claim
 * (score, moves, errors, best combo, seconds) is checked by storm-rules.ts against the puzzles
 * given and the time the server saw pass, then kept, with the account's best per variant. A run
 * ends once: its end posted again gets the first answer; an impossible claim is refused and the
 * run stays refused.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { StormEnd, StormStart } from '../common/protocol.js';
import { TIME, type TimeSource } from '../common/time.js';
import type { VariantId } from '../rules/index.js';
import { toPuzzle } from './puzzle-queries.js';
import { PuzzlesService, type Puzzler } from './puzzles.service.js';
import { STORM_SECONDS, stormPossible, type StormClaim } from './storm-rules.js';

/** Puzzles a run is given: more than anyone solves in 3 minutes. */
export const STORM_PUZZLES = 150;

interface RunRow {
  player_id: string | null;
  variant: VariantId;
  puzzles: number;
  started_at: Date;
  ended_at: Date | null;
  score: number | null;
}

@Injectable()
export class StormService {
  private readonly log = new Logger('Storm');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(TIME) private readonly time: TimeSource,
    private readonly puzzles: PuzzlesService,
  ) {}

  async start(variant: VariantId, who: Puzzler | null): Promise<StormStart> {
    const rows = await this.puzzles.ladder(variant, STORM_PUZZLES);
    const run = randomUUID();
    await this.db.query(
      `INSERT INTO storm_runs (id, player_id, variant, puzzles, started_at) VALUES ($1, $2, $3, $4, $5)`,
      [run, who?.id ?? null, variant, rows.length, this.time.now()],
    );
    return { run, puzzles: rows.map((r) => ({ puzzle: toPuzzle(r) })), seconds: STORM_SECONDS };
  }

  async end(run: string, claim: StormClaim, who: Puzzler | null): Promise<StormEnd> {
    const now = this.time.now();
    return this.db
      .transaction(async (em) => {
        const [r] = (await em.query(
          `SELECT player_id, variant, puzzles, started_at, ended_at, score FROM storm_runs
          WHERE id = $1 FOR UPDATE`,
          [run],
        )) as RunRow[];
        // Another player's run is as good as none to this one.
        if (!r || (r.player_id !== null && r.player_id !== who?.id))
          throw new DomainError('NOT_FOUND', `no storm run "${run}"`);
        const account = who?.account === true && r.player_id === who.id;
        const best = async (score: number) => {
          if (!account) return score;
          const [b] = (await em.query(
            `SELECT score FROM storm_bests WHERE player_id = $1 AND variant = $2`,
            [who.id, r.variant],
          )) as { score: number }[];
          return Math.max(score, b?.score ?? 0);
        };
        if (r.ended_at !== null) {
          if (r.score === null)
            throw new DomainError('REFUSED', 'this run was refused', 'STORM_IMPOSSIBLE');
          return { score: r.score, best: await best(r.score) };
        }
        const elapsedSeconds = (now.getTime() - new Date(r.started_at).getTime()) / 1000;
        const verdict = stormPossible(claim, { puzzles: r.puzzles, elapsedSeconds });
        if (!verdict.ok) {
          await em.query(`UPDATE storm_runs SET ended_at = $2 WHERE id = $1`, [run, now]);
          this.log.warn(`storm run ${run} refused: ${verdict.reason}`);
          return { refused: verdict.reason };
        }
        await em.query(
          `UPDATE storm_runs SET ended_at = $2, score = $3, moves = $4, errors = $5, combo = $6,
                seconds = $7 WHERE id = $1`,
          [run, now, claim.score, claim.moves, claim.errors, claim.combo, claim.time],
        );
        if (account)
          await em.query(
            `INSERT INTO storm_bests AS b (player_id, variant, score, run_id, at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (player_id, variant) DO UPDATE
             SET score = $3, run_id = $4, at = $5 WHERE b.score < $3`,
            [who.id, r.variant, claim.score, run, now],
          );
        return { score: claim.score, best: await best(claim.score) };
      })
      .then((answer) => {
        // Refused after the run's end is recorded (a throw inside would roll it back).
        if ('refused' in answer)
          throw new DomainError(
            'REFUSED',
            `that score could not be reached in the time: ${answer.refused}`,
            'STORM_IMPOSSIBLE',
          );
        return answer;
      });
  }
}
