import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What regular players use on the game page: takeback requests on the match, each player's
 * settings (jsonb: new settings need no migration), and the games' chat lines.
 */
export class GamePage1764900000000 implements MigrationInterface {
  name = 'GamePage1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matches ADD COLUMN takeback_offer_by varchar(5)`);
    await q.query(`ALTER TABLE matches ADD COLUMN takebacks boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE players ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`
      CREATE TABLE chat_lines (
        id bigserial PRIMARY KEY,
        match_id uuid NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        room varchar(10) NOT NULL,
        player_id uuid NOT NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX chat_lines_match_room ON chat_lines (match_id, room, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE chat_lines`);
    await q.query(`ALTER TABLE players DROP COLUMN settings`);
    await q.query(`ALTER TABLE matches DROP COLUMN takebacks`);
    await q.query(`ALTER TABLE matches DROP COLUMN takeback_offer_by`);
  }
}
