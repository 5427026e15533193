/**
 * The one owner of the tournament tables (`tournaments`, `tournament_players`, `swiss_results`):
 * every statement that names them is here (test/unit/table-owners.test.ts), in the caller's
 * transaction where one is given. Status changes check the status before them, so a schedule
 * run by several processes moves each event once.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { EntryStatus, TournamentStatus } from '../common/protocol.js';
import { TournamentRow } from '../persistence/entities/index.js';
import { returnedRows } from '../persistence/raw-sql.js';
import type { SwissCode } from './swiss-results.js';
import type { RoundLine } from './swiss-state-rules.js';

/** A player's line as stored, with the name and rank the standings give it. */
export interface EntryRow {
  player_id: string;
  name: string;
  rating: number;
  score: number;
  streak: number;
  sheet: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  opponents_rating: string | number;
  status: EntryStatus;
  match_id: string | null;
  waiting_since: Date | null;
  last_opponent_id: string | null;
  color_strike: number;
  color_balance: number;
  missed: number;
  pairing_number: number | null;
  rank: string | number;
}

/** A game's effect on one player's line (from the scoring rules). */
export interface EntryScore {
  playerId: string;
  score: number;
  streak: number;
  sheet: string;
  win: boolean;
  draw: boolean;
  loss: boolean;
  opponentRating: number;
  /** Back to waiting for a pairing (arena), or paused (did not show up). */
  status: EntryStatus;
}

/** Performance: average opponent rating + 500 * (wins - losses) / games (lichess's arena). */
const PERFORMANCE = `CASE WHEN tp.games > 0
  THEN round((tp.opponents_rating + 500 * (tp.wins - tp.losses))::numeric / tp.games)
  ELSE NULL END`;

/** Standings order: score, then performance, then who reached the score first. */
const RANKED = `SELECT tp.*, p.name, ${PERFORMANCE} AS performance,
    rank() OVER (ORDER BY tp.score DESC, ${PERFORMANCE} DESC NULLS LAST, tp.score_at, tp.joined_at,
                 tp.player_id) AS rank
  FROM tournament_players tp JOIN players p ON p.id = tp.player_id
  WHERE tp.tournament_id = $1`;

@Injectable()
export class TournamentStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(em: EntityManager, row: TournamentRow): Promise<boolean> {
    const inserted = (await em.query(
      `INSERT INTO tournaments (id, kind, name, variant, clock_initial, clock_increment, days, rated,
         password_hash, conditions, allow_bots, status, starts_at, ends_at, minutes, rounds,
         round_interval_s, late_join_round, tiebreaks, schedule_key, created_by, next_round_at,
         berserkable, streaks)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,
         $23, $24)
       ON CONFLICT (schedule_key) DO NOTHING RETURNING id`,
      [
        row.id,
        row.kind,
        row.name,
        row.variant,
        row.clockInitial,
        row.clockIncrement,
        row.days,
        row.rated,
        row.passwordHash,
        JSON.stringify(row.conditions),
        row.allowBots,
        row.status,
        row.startsAt,
        row.endsAt,
        row.minutes,
        row.rounds,
        row.roundInterval,
        row.lateJoinRound,
        row.tiebreaks,
        row.scheduleKey,
        row.createdBy,
        row.nextRoundAt,
        row.berserkable,
        row.streaks,
      ],
    )) as unknown[];
    return inserted.length > 0;
  }

  get(id: string, em: EntityManager = this.db.manager): Promise<TournamentRow | null> {
    return em.getRepository(TournamentRow).findOneBy({ id });
  }

  /** The event's row locked: `share` for a game's ending, else for a change of the event. */
  async lock(em: EntityManager, id: string, share = false): Promise<TournamentRow | null> {
    const rows = (await em.query(
      `SELECT id FROM tournaments WHERE id = $1 FOR ${share ? 'SHARE' : 'UPDATE'}`,
      [id],
    )) as unknown[];
    return rows.length === 0 ? null : this.get(id, em);
  }

  /** Events by status, soonest / latest first (`from`: the read replica for the public list). */
  list(
    status: TournamentStatus,
    limit: number,
    from: EntityManager = this.db.manager,
  ): Promise<TournamentRow[]> {
    return from.getRepository(TournamentRow).find({
      where: { status },
      order: { startsAt: status === 'finished' ? 'DESC' : 'ASC' },
      take: limit,
    });
  }

  /** Moves events whose time has come from `from` to `to`; the ones moved (once, cluster-wide). */
  async advance(
    em: EntityManager,
    from: TournamentStatus,
    to: TournamentStatus,
    column: 'starts_at' | 'ends_at',
    now: Date,
  ): Promise<string[]> {
    const rows = returnedRows<{ id: string }>(
      await em.query(
        `UPDATE tournaments SET status = $2::varchar, finished_at = CASE WHEN $2::varchar = 'finished' THEN $3::timestamptz END
        WHERE status = $1 AND ${column} <= $3 RETURNING id`,
        [from, to, now],
      ),
    );
    return rows.map((r) => r.id);
  }

  /** Ends the event now (a Swiss after its last round); true if this call ended it. */
  async finish(em: EntityManager, id: string, now: Date): Promise<boolean> {
    const rows = returnedRows(
      await em.query(
        `UPDATE tournaments SET status = 'finished', finished_at = $2,
           ends_at = COALESCE(ends_at, $2)
         WHERE id = $1 AND status <> 'finished' RETURNING id`,
        [id, now],
      ),
    );
    return rows.length > 0;
  }

  async setWinner(em: EntityManager, id: string, winnerId: string | null): Promise<void> {
    await em.query(`UPDATE tournaments SET winner_id = $2 WHERE id = $1`, [id, winnerId]);
  }

  /** Started events of a kind (the pairing loops' work). */
  async started(kind: 'arena' | 'swiss'): Promise<TournamentRow[]> {
    return this.db.getRepository(TournamentRow).find({ where: { status: 'started', kind } });
  }

  /**
   * A player joins (or rejoins: active again, the score kept). Returns whether the line is new.
   */
  async join(em: EntityManager, id: string, playerId: string, rating: number, now: Date) {
    const rows = (await em.query(
      `INSERT INTO tournament_players AS tp (tournament_id, player_id, rating, status,
         waiting_since, score_at, joined_at)
       VALUES ($1, $2, $3, 'active', $4, $4, $4)
       ON CONFLICT (tournament_id, player_id) DO UPDATE SET status = 'active', missed = 0,
         unsaid = true,
         waiting_since = CASE WHEN tp.match_id IS NULL THEN $4 ELSE tp.waiting_since END
       RETURNING (xmax = 0) AS inserted`,
      [id, playerId, rating, now],
    )) as { inserted: boolean }[];
    const inserted = rows[0]?.inserted === true;
    if (inserted)
      await em.query(`UPDATE tournaments SET players = players + 1 WHERE id = $1`, [id]);
    return inserted;
  }

  /** Who is in the event and has not withdrawn (a start's notices). */
  async entrantIds(em: EntityManager, id: string): Promise<string[]> {
    const rows = (await em.query(
      `SELECT player_id FROM tournament_players WHERE tournament_id = $1 AND status <> 'withdrawn'`,
      [id],
    )) as { player_id: string }[];
    return rows.map((r) => r.player_id);
  }

  /** Pause or withdraw; false if the player is not in the event. */
  async setStatus(em: EntityManager, id: string, playerId: string, status: EntryStatus) {
    const rows = returnedRows(
      await em.query(
        `UPDATE tournament_players SET status = $3, unsaid = true
          WHERE tournament_id = $1 AND player_id = $2
         RETURNING player_id`,
        [id, playerId, status],
      ),
    );
    return rows.length > 0;
  }

  /**
   * The player withdrawn from every event not over (a closed account): not paired again; a game
   * it is in now still scores. The events' ids it left.
   */
  async withdrawEverywhere(em: EntityManager, playerId: string): Promise<string[]> {
    const rows = returnedRows<{ tournament_id: string }>(
      await em.query(
        `UPDATE tournament_players tp SET status = 'withdrawn', unsaid = true
           FROM tournaments t
          WHERE tp.player_id = $1 AND tp.status <> 'withdrawn' AND t.id = tp.tournament_id
            AND t.status <> 'finished'
         RETURNING tp.tournament_id`,
        [playerId],
      ),
    );
    return rows.map((r) => r.tournament_id);
  }

  async entry(
    id: string,
    playerId: string,
    em: EntityManager = this.db.manager,
  ): Promise<EntryRow | null> {
    const rows = (await em.query(`SELECT * FROM (${RANKED}) r WHERE r.player_id = $2`, [
      id,
      playerId,
    ])) as EntryRow[];
    return rows[0] ?? null;
  }

  /** A page of the standings (rank order). */
  async standings(id: string, offset: number, limit: number, em = this.db.manager) {
    return (await em.query(`${RANKED} ORDER BY rank LIMIT $2 OFFSET $3`, [
      id,
      limit,
      offset,
    ])) as EntryRow[];
  }

  /** The lines with these players (a wave's changed lines). */
  async entries(em: EntityManager, id: string, playerIds: readonly string[]) {
    return (await em.query(`SELECT * FROM (${RANKED}) r WHERE r.player_id = ANY($2::uuid[])`, [
      id,
      [...playerIds],
    ])) as EntryRow[];
  }

  /**
   * The lines changed since the last wave said them (a game's end, a join, a pause), marked
   * said: the update waits for the row locks of changes in flight, so none is skipped.
   */
  async unsaid(em: EntityManager, id: string): Promise<EntryRow[]> {
    const ids = returnedRows<{ player_id: string }>(
      await em.query(
        `UPDATE tournament_players SET unsaid = false WHERE tournament_id = $1 AND unsaid
         RETURNING player_id`,
        [id],
      ),
    ).map((r) => r.player_id);
    return ids.length === 0 ? [] : this.entries(em, id, ids);
  }

  /** An arena's wave count, its row locked for the wave (made at the first wave). */
  async waveCount(em: EntityManager, id: string): Promise<number> {
    await em.query(
      `INSERT INTO tournament_waves (tournament_id) VALUES ($1) ON CONFLICT (tournament_id) DO NOTHING`,
      [id],
    );
    const [row] = (await em.query(
      `SELECT waves FROM tournament_waves WHERE tournament_id = $1 FOR UPDATE`,
      [id],
    )) as { waves: number }[];
    return row.waves;
  }

  /** The best-ranked player in a game now: that game. */
  async featured(id: string, em = this.db.manager): Promise<string | null> {
    const rows = (await em.query(
      `SELECT match_id FROM (${RANKED}) r WHERE r.match_id IS NOT NULL ORDER BY rank LIMIT 1`,
      [id],
    )) as { match_id: string }[];
    return rows[0]?.match_id ?? null;
  }

  /**
   * An arena's players waiting for a game, with their rank. Their rows are locked first (in id
   * order, as a game's end locks its two): a pause or a withdrawal waits for the wave, so the
   * wave never pairs a player who has just left.
   */
  async waiting(em: EntityManager, id: string): Promise<EntryRow[]> {
    await em.query(
      `SELECT player_id FROM tournament_players
        WHERE tournament_id = $1 AND status = 'active' AND match_id IS NULL
        ORDER BY player_id FOR UPDATE`,
      [id],
    );
    return (await em.query(
      `SELECT * FROM (${RANKED}) r WHERE r.status = 'active' AND r.match_id IS NULL ORDER BY rank`,
      [id],
    )) as EntryRow[];
  }

  /** A pairing's games recorded on their players' lines (with each one's colour history). */
  async paired(
    em: EntityManager,
    id: string,
    lines: readonly {
      playerId: string;
      matchId: string;
      opponentId: string;
      strike: number;
      balance: number;
    }[],
  ): Promise<void> {
    if (lines.length === 0) return;
    await em.query(
      `UPDATE tournament_players tp SET match_id = x.match_id, waiting_since = NULL,
         last_opponent_id = x.opponent_id, color_strike = x.strike, color_balance = x.balance
       FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::int[], $6::int[])
         AS x(player_id, match_id, opponent_id, strike, balance)
       WHERE tp.tournament_id = $1 AND tp.player_id = x.player_id`,
      [
        id,
        lines.map((l) => l.playerId),
        lines.map((l) => l.matchId),
        lines.map((l) => l.opponentId),
        lines.map((l) => l.strike),
        lines.map((l) => l.balance),
      ],
    );
    await em.query(`UPDATE tournament_waves SET waves = waves + 1 WHERE tournament_id = $1`, [id]);
  }

  /** Both players' lines of a game, locked in id order (the ending's transaction). */
  async lockEntries(em: EntityManager, id: string, playerIds: readonly string[]) {
    return (await em.query(
      `SELECT * FROM tournament_players WHERE tournament_id = $1 AND player_id = ANY($2::uuid[])
        ORDER BY player_id FOR UPDATE`,
      [id, [...playerIds]],
    )) as EntryRow[];
  }

  /** A game's scores written on its players' lines (in its ending's transaction). */
  async scored(
    em: EntityManager,
    id: string,
    matchId: string,
    scores: readonly EntryScore[],
    now: Date,
  ) {
    await em.query(
      `UPDATE tournament_players tp SET score = x.score, streak = x.streak, sheet = x.sheet,
         games = tp.games + 1, wins = tp.wins + x.win, draws = tp.draws + x.draw,
         losses = tp.losses + x.loss, opponents_rating = tp.opponents_rating + x.opp,
         status = CASE WHEN tp.status = 'active' THEN x.status ELSE tp.status END,
         match_id = NULL, waiting_since = $3, unsaid = true,
         score_at = CASE WHEN x.score <> tp.score THEN $3 ELSE tp.score_at END
       FROM unnest($4::uuid[], $5::int[], $6::int[], $7::text[], $8::int[], $9::int[], $10::int[],
                   $11::int[], $12::text[])
         AS x(player_id, score, streak, sheet, win, draw, loss, opp, status)
       WHERE tp.tournament_id = $1 AND tp.player_id = x.player_id AND tp.match_id = $2`,
      [
        id,
        matchId,
        now,
        scores.map((s) => s.playerId),
        scores.map((s) => s.score),
        scores.map((s) => s.streak),
        scores.map((s) => s.sheet),
        scores.map((s) => Number(s.win)),
        scores.map((s) => Number(s.draw)),
        scores.map((s) => Number(s.loss)),
        scores.map((s) => s.opponentRating),
        scores.map((s) => s.status),
      ],
    );
  }

  /** A Swiss game's codes on its round's lines (in the ending's transaction). */
  async swissResults(
    em: EntityManager,
    id: string,
    matchId: string,
    codes: readonly { playerId: string; code: string }[],
  ): Promise<void> {
    await em.query(
      `UPDATE swiss_results s SET result = x.code
       FROM unnest($3::uuid[], $4::text[]) AS x(player_id, code)
       WHERE s.tournament_id = $1 AND s.match_id = $2 AND s.player_id = x.player_id`,
      [id, matchId, codes.map((c) => c.playerId), codes.map((c) => c.code)],
    );
  }

  /** A game that scores nothing (aborted): both back to waiting, or paused (no-show). */
  async released(
    em: EntityManager,
    id: string,
    matchId: string,
    paused: readonly string[],
    now: Date,
  ) {
    await em.query(
      `UPDATE tournament_players SET match_id = NULL, waiting_since = $3, unsaid = true,
         status = CASE WHEN player_id = ANY($4::uuid[]) AND status = 'active' THEN 'paused'
                       ELSE status END
       WHERE tournament_id = $1 AND match_id = $2`,
      [id, matchId, now, [...paused]],
    );
  }

  /** When the event ends: nobody waits any more (games still running end uncounted). */
  async closeEntries(em: EntityManager, id: string): Promise<void> {
    await em.query(`UPDATE tournament_players SET waiting_since = NULL WHERE tournament_id = $1`, [
      id,
    ]);
  }

  /** Every line's points, for the bench's recount and the podium. */
  async scores(id: string): Promise<Map<string, number>> {
    const rows = (await this.db.query(
      `SELECT player_id, score FROM tournament_players WHERE tournament_id = $1`,
      [id],
    )) as { player_id: string; score: number }[];
    return new Map(rows.map((r) => [r.player_id, r.score]));
  }

  /** A Swiss event's round lines (every round so far). */
  async swissLines(id: string, em: EntityManager = this.db.manager): Promise<RoundLine[]> {
    const rows = (await em.query(
      `SELECT round, player_id, opponent_id, color, result FROM swiss_results
        WHERE tournament_id = $1 ORDER BY round, player_id`,
      [id],
    )) as {
      round: number;
      player_id: string;
      opponent_id: string | null;
      color: 'w' | 'b' | null;
      result: SwissCode | null;
    }[];
    return rows.map((r) => ({
      round: r.round,
      playerId: r.player_id,
      opponentId: r.opponent_id,
      color: r.color,
      result: r.result,
    }));
  }

  /** Players without a pairing number get the next ones, by rating (the starting rank). */
  async numberEntrants(em: EntityManager, id: string): Promise<void> {
    await em.query(
      `UPDATE tournament_players tp SET pairing_number = x.n
         FROM (SELECT player_id,
                 (SELECT COALESCE(max(pairing_number), 0) FROM tournament_players
                   WHERE tournament_id = $1)
                 + row_number() OVER (ORDER BY rating DESC, joined_at, player_id) AS n
               FROM tournament_players WHERE tournament_id = $1 AND pairing_number IS NULL) x
        WHERE tp.tournament_id = $1 AND tp.player_id = x.player_id`,
      [id],
    );
  }

  /** A Swiss event's players in pairing-number order. */
  async swissEntrants(id: string, em: EntityManager = this.db.manager) {
    const rows = (await em.query(
      `SELECT tp.player_id, tp.pairing_number, tp.status, tp.missed, tp.rating, tp.score, tp.sheet,
              p.name
         FROM tournament_players tp JOIN players p ON p.id = tp.player_id
        WHERE tp.tournament_id = $1 ORDER BY tp.pairing_number NULLS LAST, tp.rating DESC, tp.joined_at`,
      [id],
    )) as {
      player_id: string;
      pairing_number: number | null;
      status: EntryStatus;
      missed: number;
      rating: number;
      score: number;
      sheet: string;
      name: string;
    }[];
    return rows;
  }

  /** Whether every game of the round has a result. */
  async roundOver(em: EntityManager, id: string, round: number): Promise<boolean> {
    const rows = (await em.query(
      `SELECT count(*)::int AS open FROM swiss_results
        WHERE tournament_id = $1 AND round = $2 AND result IS NULL`,
      [id, round],
    )) as { open: number }[];
    return rows[0].open === 0;
  }

  /** A round's lines (games with their match, byes, absences) in one statement. */
  async insertRound(
    em: EntityManager,
    id: string,
    round: number,
    lines: readonly (RoundLine & { matchId: string | null })[],
  ): Promise<void> {
    if (lines.length === 0) return;
    await em.query(
      `INSERT INTO swiss_results (tournament_id, round, player_id, opponent_id, color, match_id, result)
       SELECT $1, $2, x.player_id, x.opponent_id, x.color, x.match_id, x.result
         FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::uuid[], $7::text[])
           AS x(player_id, opponent_id, color, match_id, result)`,
      [
        id,
        round,
        lines.map((l) => l.playerId),
        lines.map((l) => l.opponentId),
        lines.map((l) => l.color),
        lines.map((l) => l.matchId),
        lines.map((l) => l.result),
      ],
    );
  }

  /**
   * Points and missed rounds of the players not playing a round (a bye, an absence): absent
   * twice running, a player is withdrawn (lichess's rule).
   */
  async unplayed(
    em: EntityManager,
    id: string,
    lines: readonly { playerId: string; points: number; absent: boolean; sheet: string }[],
    now: Date,
  ): Promise<void> {
    if (lines.length === 0) return;
    await em.query(
      `UPDATE tournament_players tp SET score = tp.score + x.points, sheet = x.sheet,
         missed = CASE WHEN x.absent THEN tp.missed + 1 ELSE 0 END,
         status = CASE WHEN x.absent AND tp.missed + 1 >= 2 THEN 'withdrawn' ELSE tp.status END,
         score_at = CASE WHEN x.points > 0 THEN $2 ELSE tp.score_at END, unsaid = true
       FROM unnest($3::uuid[], $4::int[], $5::boolean[], $6::text[]) AS x(player_id, points, absent, sheet)
       WHERE tp.tournament_id = $1 AND tp.player_id = x.player_id`,
      [
        id,
        now,
        lines.map((l) => l.playerId),
        lines.map((l) => l.points),
        lines.map((l) => l.absent),
        lines.map((l) => l.sheet),
      ],
    );
  }

  /** Round `round` paired: the event's round moves on once (false: another process did it). */
  async setRound(em: EntityManager, id: string, round: number): Promise<boolean> {
    const rows = returnedRows(
      await em.query(
        `UPDATE tournaments SET round = $2, next_round_at = NULL
          WHERE id = $1 AND round = $2 - 1 RETURNING id`,
        [id, round],
      ),
    );
    return rows.length > 0;
  }

  /** The round is over: the next one is paired at `at` (set once). */
  async scheduleNext(em: EntityManager, id: string, round: number, at: Date): Promise<void> {
    await em.query(
      `UPDATE tournaments SET next_round_at = $3
        WHERE id = $1 AND round = $2 AND next_round_at IS NULL`,
      [id, round, at],
    );
  }
}
