import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tournaments (issue 30): arenas and Swiss events, their players (the score kept as a small
 * state updated in each game's ending transaction), the Swiss rounds as TRF codes (what the
 * Dutch pairing and the TRF export read), and the matches' link to their event and berserk.
 */
export class Tournaments1765100000000 implements MigrationInterface {
  name = 'Tournaments1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tournaments (
        id uuid PRIMARY KEY,
        kind varchar(8) NOT NULL,
        name varchar(60) NOT NULL,
        variant varchar(16) NOT NULL,
        clock_initial int,
        clock_increment int,
        days smallint,
        rated boolean NOT NULL,
        password_hash text,
        conditions jsonb NOT NULL DEFAULT '{}',
        allow_bots boolean NOT NULL DEFAULT false,
        berserkable boolean NOT NULL DEFAULT true,
        streaks boolean NOT NULL DEFAULT true,
        status varchar(10) NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        minutes int,
        rounds smallint,
        round smallint NOT NULL DEFAULT 0,
        round_interval_s int,
        next_round_at timestamptz,
        late_join_round smallint,
        tiebreaks varchar(100) NOT NULL DEFAULT '',
        schedule_key varchar(100) UNIQUE,
        created_by uuid,
        winner_id uuid,
        players int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX tournaments_status_start ON tournaments (status, starts_at)`);
    // The pairing waves' own row: a wave writes here, never the event's row, which games'
    // endings read FOR SHARE (a wave would hold them up). A player's line is `unsaid` from its
    // change (a game's end, a join, a pause) until a wave says it to the page's watchers.
    await q.query(`
      CREATE TABLE tournament_waves (
        tournament_id uuid PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
        waves int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE tournament_players (
        tournament_id uuid NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        player_id uuid NOT NULL,
        rating int NOT NULL,
        score int NOT NULL DEFAULT 0,
        streak smallint NOT NULL DEFAULT 0,
        sheet text NOT NULL DEFAULT '',
        games int NOT NULL DEFAULT 0,
        wins int NOT NULL DEFAULT 0,
        draws int NOT NULL DEFAULT 0,
        losses int NOT NULL DEFAULT 0,
        opponents_rating bigint NOT NULL DEFAULT 0,
        status varchar(10) NOT NULL,
        match_id uuid,
        waiting_since timestamptz,
        last_opponent_id uuid,
        color_strike smallint NOT NULL DEFAULT 0,
        color_balance smallint NOT NULL DEFAULT 0,
        score_at timestamptz NOT NULL DEFAULT now(),
        unsaid boolean NOT NULL DEFAULT true,
        missed smallint NOT NULL DEFAULT 0,
        pairing_number int,
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tournament_id, player_id)
      )`);
    await q.query(
      `CREATE INDEX tournament_players_rank ON tournament_players (tournament_id, score DESC)`,
    );
    await q.query(
      `CREATE INDEX tournament_players_waiting ON tournament_players (tournament_id)
         WHERE match_id IS NULL AND status = 'active'`,
    );
    await q.query(`
      CREATE TABLE swiss_results (
        tournament_id uuid NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        round smallint NOT NULL,
        player_id uuid NOT NULL,
        opponent_id uuid,
        color char(1),
        match_id uuid,
        result char(1),
        PRIMARY KEY (tournament_id, round, player_id)
      )`);
    await q.query(`ALTER TABLE matches ADD COLUMN tournament_id uuid`);
    await q.query(`ALTER TABLE matches ADD COLUMN white_berserk boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE matches ADD COLUMN black_berserk boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE INDEX matches_tournament ON matches (tournament_id) WHERE tournament_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX matches_tournament`);
    await q.query(`ALTER TABLE matches DROP COLUMN black_berserk`);
    await q.query(`ALTER TABLE matches DROP COLUMN white_berserk`);
    await q.query(`ALTER TABLE matches DROP COLUMN tournament_id`);
    await q.query(`DROP TABLE swiss_results`);
    await q.query(`DROP TABLE tournament_players`);
    await q.query(`DROP TABLE tournament_waves`);
    await q.query(`DROP TABLE tournaments`);
  }
}
