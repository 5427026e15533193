import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The first schema: players, matches with their pieces and moves, and the matchmaking queue. */
export class Initial1763800000000 implements MigrationInterface {
  name = 'Initial1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE players (
        id uuid PRIMARY KEY,
        name varchar(32) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE matches (
        id uuid PRIMARY KEY,
        variant varchar(16) NOT NULL,
        white_id uuid NOT NULL REFERENCES players(id),
        black_id uuid NOT NULL REFERENCES players(id),
        status varchar(10) NOT NULL,
        turn varchar(5),
        ply int NOT NULL,
        fen text NOT NULL,
        initial_fen text NOT NULL,
        counters jsonb NOT NULL,
        result_winner varchar(5),
        result_reason varchar(16),
        result_rule varchar(32),
        clock_initial int,
        clock_increment int,
        white_ms int,
        black_ms int,
        turn_started_at timestamptz,
        draw_offer_by varchar(5),
        version int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz
      )`);
    await q.query(`CREATE INDEX matches_status ON matches (status, created_at)`);
    await q.query(`CREATE INDEX matches_white ON matches (white_id)`);
    await q.query(`CREATE INDEX matches_black ON matches (black_id)`);
    await q.query(`
      CREATE TABLE pieces (
        match_id uuid NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        id smallint NOT NULL,
        color varchar(5) NOT NULL,
        king boolean NOT NULL,
        square smallint NOT NULL,
        PRIMARY KEY (match_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX pieces_square ON pieces (match_id, square)`);
    await q.query(`
      CREATE TABLE moves (
        id bigserial PRIMARY KEY,
        match_id uuid NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        ply int NOT NULL,
        by varchar(5) NOT NULL,
        path jsonb NOT NULL,
        captures jsonb NOT NULL,
        promoted boolean NOT NULL,
        fen text NOT NULL,
        white_ms int,
        black_ms int,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX moves_match_ply ON moves (match_id, ply)`);
    await q.query(`
      CREATE TABLE queue_tickets (
        id uuid PRIMARY KEY,
        player_id uuid NOT NULL UNIQUE REFERENCES players(id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL,
        clock_initial int NOT NULL,
        clock_increment int NOT NULL,
        socket_id varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX queue_tickets_pool ON queue_tickets (variant, clock_initial, clock_increment, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['queue_tickets', 'moves', 'pieces', 'matches', 'players']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
