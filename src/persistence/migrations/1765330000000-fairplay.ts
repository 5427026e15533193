import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair play (v1.19): closed accounts (the row stays, so games keep their player and the username,
 * held by its unique index, is never taken again); the chat's standing per player (offences, mutes,
 * and the row the rate limit locks) with the offences kept for moderators, and an index to count a
 * player's recent lines; playbans: the bad outcomes the Finisher records, and the bans.
 */
export class Fairplay1765330000000 implements MigrationInterface {
  name = 'Fairplay1765330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE players
        ADD COLUMN closed_at timestamptz,
        ADD COLUMN closed_by uuid`);
    await q.query(`CREATE INDEX chat_lines_player ON chat_lines (player_id, created_at)`);
    await q.query(`
      CREATE TABLE chat_standing (
        player_id uuid PRIMARY KEY REFERENCES players (id),
        points int NOT NULL DEFAULT 0,
        last_offence_at timestamptz,
        mutes int NOT NULL DEFAULT 0,
        muted_until timestamptz
      )`);
    await q.query(`
      CREATE TABLE chat_offences (
        id bigserial PRIMARY KEY,
        player_id uuid NOT NULL REFERENCES players (id),
        match_id uuid,
        verdict varchar(8) NOT NULL,
        words text[] NOT NULL,
        text text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX chat_offences_player ON chat_offences (player_id, at)`);
    await q.query(`
      CREATE TABLE playban_outcomes (
        match_id uuid NOT NULL,
        player_id uuid NOT NULL REFERENCES players (id),
        outcome varchar(10) NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (player_id, match_id)
      )`);
    await q.query(`
      CREATE TABLE playbans (
        id bigserial PRIMARY KEY,
        player_id uuid NOT NULL REFERENCES players (id),
        reason varchar(10) NOT NULL,
        started_at timestamptz NOT NULL,
        until timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX playbans_player ON playbans (player_id, until)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE playbans`);
    await q.query(`DROP TABLE playban_outcomes`);
    await q.query(`DROP TABLE chat_offences`);
    await q.query(`DROP TABLE chat_standing`);
    await q.query(`DROP INDEX chat_lines_player`);
    await q.query(`ALTER TABLE players DROP COLUMN closed_at, DROP COLUMN closed_by`);
  }
}
