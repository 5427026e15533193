import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Safety (issue #34): who blocks whom, reports to the moderators, the moderators' log, and on
 * players their role (null or 'mod') and marks (engine, boost, troll). A chat line keeps whether
 * it was said under a troll mark (`shadow`): seen by its author alone, live and in history.
 */
export class Moderation1765320000000 implements MigrationInterface {
  name = 'Moderation1765320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE blocks (
        blocker_id uuid NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        blocked_id uuid NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id)
      )`);
    // between(a, b) looks both ways: the reverse direction has its own index.
    await q.query(`CREATE INDEX blocks_blocked ON blocks (blocked_id, blocker_id)`);
    await q.query(`ALTER TABLE players ADD COLUMN role varchar(8)`);
    await q.query(`ALTER TABLE players ADD COLUMN marks text[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      CREATE TABLE reports (
        id uuid PRIMARY KEY,
        reporter_id uuid NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        target_id uuid NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        reason varchar(16) NOT NULL,
        match_id uuid,
        text varchar(1000) NOT NULL DEFAULT '',
        status varchar(8) NOT NULL DEFAULT 'open',
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_by uuid,
        closed_at timestamptz
      )`);
    await q.query(`CREATE INDEX reports_status ON reports (status, created_at)`);
    await q.query(`CREATE INDEX reports_target ON reports (target_id, created_at)`);
    await q.query(`
      CREATE TABLE mod_actions (
        id bigserial PRIMARY KEY,
        mod_id uuid,
        action varchar(16) NOT NULL,
        target_id uuid,
        details varchar(64),
        why varchar(500) NOT NULL DEFAULT '',
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX mod_actions_target ON mod_actions (target_id, id)`);
    await q.query(`ALTER TABLE chat_lines ADD COLUMN shadow boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX chat_lines_by_player ON chat_lines (player_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX chat_lines_by_player`);
    await q.query(`ALTER TABLE chat_lines DROP COLUMN shadow`);
    await q.query(`DROP TABLE mod_actions`);
    await q.query(`DROP TABLE reports`);
    await q.query(`ALTER TABLE players DROP COLUMN marks`);
    await q.query(`ALTER TABLE players DROP COLUMN role`);
    await q.query(`DROP TABLE blocks`);
  }
}
