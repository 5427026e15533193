import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The opening explorer (v1.20, issue 35). `explorer_site`: one row per (position key, variant,
 * move, speed, rating band) with the results of the site's games through it, and for the game
 * lists the latest and the highest-rated game of the row. `matches.explored` is the indexing
 * queue: a finished game is indexed (or skipped) in the transaction that sets it, so a game is
 * counted once whichever process takes it, and finished games left unindexed by a restart are
 * found again by the partial index. Existing finished games start unexplored: the catch-up job
 * indexes the history. Masters: imported tournament games and their own index, kept apart.
 */
export class Explorer1765340000000 implements MigrationInterface {
  name = 'Explorer1765340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matches ADD COLUMN explored boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE INDEX matches_unexplored ON matches (ended_at, id)
        WHERE status = 'finished' AND NOT explored`);
    await q.query(`
      CREATE TABLE explorer_site (
        key bigint NOT NULL,
        variant varchar(16) NOT NULL,
        move varchar(80) NOT NULL,
        speed smallint NOT NULL,
        band smallint NOT NULL,
        white int NOT NULL,
        draws int NOT NULL,
        black int NOT NULL,
        rating_sum bigint NOT NULL,
        rated int NOT NULL,
        last_game uuid NOT NULL,
        last_at timestamptz NOT NULL,
        top_game uuid NOT NULL,
        top_rating int NOT NULL,
        PRIMARY KEY (key, variant, move, speed, band)
      )`);
    await q.query(`
      CREATE TABLE master_games (
        id uuid PRIMARY KEY,
        variant varchar(16) NOT NULL,
        digest varchar(64) NOT NULL,
        white varchar(100) NOT NULL,
        black varchar(100) NOT NULL,
        white_rating int,
        black_rating int,
        winner varchar(5),
        event varchar(200),
        played_on varchar(10) NOT NULL,
        source varchar(200) NOT NULL,
        pdn text NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The same game imported twice (a file imported again, or two files holding it) is one game.
    await q.query(`CREATE UNIQUE INDEX master_games_digest ON master_games (variant, digest)`);
    // The shipped files imported at start, by name and content: a file is read again only if it
    // changed or its import did not finish (the digest keeps its games once either way).
    await q.query(`
      CREATE TABLE master_files (
        name varchar(200) PRIMARY KEY,
        sha256 varchar(64) NOT NULL,
        games int NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE explorer_masters (
        key bigint NOT NULL,
        variant varchar(16) NOT NULL,
        move varchar(80) NOT NULL,
        white int NOT NULL,
        draws int NOT NULL,
        black int NOT NULL,
        rating_sum bigint NOT NULL,
        rated int NOT NULL,
        last_game uuid NOT NULL,
        last_at varchar(10) NOT NULL,
        top_game uuid NOT NULL,
        top_rating int NOT NULL,
        PRIMARY KEY (key, variant, move)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE explorer_masters`);
    await q.query(`DROP TABLE master_files`);
    await q.query(`DROP TABLE master_games`);
    await q.query(`DROP TABLE explorer_site`);
    await q.query(`DROP INDEX matches_unexplored`);
    await q.query(`ALTER TABLE matches DROP COLUMN explored`);
  }
}
