import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ratings: one Glicko-2 rating per account, variant and speed; a match says whether it is rated,
 * each side's rating when it started, the change its end made and the rating after; queue tickets say which pool
 * (rated or casual) and the rating the pairing window is measured from.
 */
export class Ratings1764300000000 implements MigrationInterface {
  name = 'Ratings1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ratings (
        player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        variant varchar(16) NOT NULL,
        speed varchar(16) NOT NULL,
        rating double precision NOT NULL,
        rd double precision NOT NULL,
        vol double precision NOT NULL,
        games int NOT NULL DEFAULT 0,
        wins int NOT NULL DEFAULT 0,
        draws int NOT NULL DEFAULT 0,
        losses int NOT NULL DEFAULT 0,
        last_game_at timestamptz NOT NULL,
        PRIMARY KEY (player_id, variant, speed)
      )`);
    await q.query(`
      ALTER TABLE matches
        ADD COLUMN rated boolean NOT NULL DEFAULT false,
        ADD COLUMN white_rating int,
        ADD COLUMN white_provisional boolean,
        ADD COLUMN white_rating_diff int,
        ADD COLUMN black_rating int,
        ADD COLUMN black_provisional boolean,
        ADD COLUMN black_rating_diff int,
        ADD COLUMN white_rating_after int,
        ADD COLUMN black_rating_after int`);
    await q.query(`
      ALTER TABLE queue_tickets
        ADD COLUMN rated boolean NOT NULL DEFAULT false,
        ADD COLUMN rating int`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE queue_tickets DROP COLUMN rated, DROP COLUMN rating`);
    await q.query(`
      ALTER TABLE matches DROP COLUMN rated, DROP COLUMN white_rating,
        DROP COLUMN white_provisional, DROP COLUMN white_rating_diff, DROP COLUMN black_rating,
        DROP COLUMN black_provisional, DROP COLUMN black_rating_diff,
        DROP COLUMN white_rating_after, DROP COLUMN black_rating_after`);
    await q.query(`DROP TABLE ratings`);
  }
}
