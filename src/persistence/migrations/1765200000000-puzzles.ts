import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Puzzles (issue 32): the puzzles with their Glicko-2 ratings and votes, the starter-set files
 * already loaded (so a restart reads none again), each account's puzzle rating per variant, the
 * rounds (one rated round per account and puzzle, casual ones after it), the votes, the daily
 * puzzle of each UTC day, and storm runs with each account's best.
 */
export class Puzzles1765200000000 implements MigrationInterface {
  name = 'Puzzles1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE puzzles (
        id varchar(8) COLLATE "C" PRIMARY KEY,
        variant varchar(16) NOT NULL,
        fen text NOT NULL,
        moves text[] NOT NULL,
        accepted jsonb NOT NULL DEFAULT '[]',
        themes text[] NOT NULL DEFAULT '{}',
        rating double precision NOT NULL DEFAULT 1500,
        rd double precision NOT NULL DEFAULT 500,
        vol double precision NOT NULL DEFAULT 0.09,
        plays int NOT NULL DEFAULT 0,
        votes_up int NOT NULL DEFAULT 0,
        votes_down int NOT NULL DEFAULT 0,
        retired boolean NOT NULL DEFAULT false,
        depth smallint NOT NULL DEFAULT 0,
        source varchar(12) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Selection walks this from a (rating, random id) point: the nearest puzzles first. Ids in
    // byte order (COLLATE "C" above and wherever a puzzle id is kept: the same collation, or an
    // index on one could not serve a join with the other), whatever the database's locale.
    await q.query(`CREATE INDEX puzzles_pick ON puzzles (variant, rating, id) WHERE NOT retired`);
    await q.query(`
      CREATE TABLE puzzle_files (
        name varchar(200) NOT NULL,
        sha256 char(64) NOT NULL,
        added int NOT NULL,
        skipped int NOT NULL,
        loaded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, sha256)
      )`);
    await q.query(`
      CREATE TABLE puzzle_ratings (
        player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL,
        rating double precision NOT NULL,
        rd double precision NOT NULL,
        vol double precision NOT NULL,
        rounds int NOT NULL DEFAULT 0,
        wins int NOT NULL DEFAULT 0,
        last_round_at timestamptz NOT NULL,
        PRIMARY KEY (player_id, variant)
      )`);
    // The rated round keeps its answer (a round posted twice gets it again).
    await q.query(`
      CREATE TABLE puzzle_rounds (
        id bigserial PRIMARY KEY,
        player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        puzzle_id varchar(8) COLLATE "C" NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL,
        win boolean NOT NULL,
        rated boolean NOT NULL,
        at timestamptz NOT NULL,
        player_rating double precision,
        player_rd double precision,
        player_delta int,
        puzzle_rating double precision NOT NULL,
        puzzle_plays int NOT NULL
      )`);
    await q.query(
      `CREATE UNIQUE INDEX puzzle_rounds_rated ON puzzle_rounds (player_id, puzzle_id) WHERE rated`,
    );
    await q.query(
      `CREATE INDEX puzzle_rounds_recent ON puzzle_rounds (player_id, variant, at) WHERE rated`,
    );
    await q.query(`
      CREATE TABLE puzzle_votes (
        puzzle_id varchar(8) COLLATE "C" NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
        player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        up boolean NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (puzzle_id, player_id)
      )`);
    await q.query(`
      CREATE TABLE puzzle_daily (
        day date NOT NULL,
        variant varchar(16) NOT NULL,
        puzzle_id varchar(8) COLLATE "C" NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
        PRIMARY KEY (day, variant)
      )`);
    await q.query(`CREATE INDEX puzzle_daily_puzzle ON puzzle_daily (puzzle_id)`);
    await q.query(`
      CREATE TABLE storm_runs (
        id uuid PRIMARY KEY,
        player_id uuid REFERENCES players (id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL,
        puzzles int NOT NULL,
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        score int,
        moves int,
        errors int,
        combo int,
        seconds double precision
      )`);
    await q.query(`
      CREATE TABLE storm_bests (
        player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL,
        score int NOT NULL,
        run_id uuid NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (player_id, variant)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'storm_bests',
      'storm_runs',
      'puzzle_daily',
      'puzzle_votes',
      'puzzle_rounds',
      'puzzle_ratings',
      'puzzle_files',
      'puzzles',
    ])
      await q.query(`DROP TABLE ${t}`);
  }
}
