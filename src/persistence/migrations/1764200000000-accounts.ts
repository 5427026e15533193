import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts: a guest's player row gains a username and a password hash when it signs up (so its
 * games stay its own); browser sessions stored by the SHA-256 of their id; login failures per
 * username and per address, shared by every process, for the growing delays.
 */
export class Accounts1764200000000 implements MigrationInterface {
  name = 'Accounts1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE players
        ADD COLUMN username varchar(20),
        ADD COLUMN password_hash varchar(200),
        ADD COLUMN signed_up_at timestamptz`);
    // Unique without regard to case; the name keeps the case its owner chose.
    await q.query(`CREATE UNIQUE INDEX players_username ON players (lower(username))`);
    await q.query(`
      CREATE TABLE sessions (
        id_hash char(64) PRIMARY KEY,
        player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        user_agent varchar(200)
      )`);
    await q.query(`CREATE INDEX sessions_player ON sessions (player_id)`);
    await q.query(`
      CREATE TABLE login_failures (
        key varchar(80) PRIMARY KEY,
        failures int NOT NULL,
        blocked_until timestamptz NOT NULL,
        last_failure_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_failures`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP INDEX players_username`);
    await q.query(
      `ALTER TABLE players DROP COLUMN username, DROP COLUMN password_hash, DROP COLUMN signed_up_at`,
    );
  }
}
