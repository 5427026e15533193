import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Social (issue 34): who follows whom, and the index the player search walks (a case-insensitive
 * prefix of an account's name, in name order).
 */
export class Social1765300000000 implements MigrationInterface {
  name = 'Social1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE follows (
        follower_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        followed_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (follower_id, followed_id),
        CHECK (follower_id <> followed_id)
      )`);
    // The primary key serves "whom do I follow"; this one "who follows me" (and its count).
    await q.query(`CREATE INDEX follows_followed ON follows (followed_id, follower_id)`);
    // text_pattern_ops: LIKE 'prefix%' walks it whatever the database's collation; accounts only.
    await q.query(`
      CREATE INDEX players_username_prefix ON players (lower(username) text_pattern_ops)
        WHERE username IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX players_username_prefix`);
    await q.query(`DROP TABLE follows`);
  }
}
