import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COMPUTER_LEVELS, computerName, computerPlayerId } from '../computer-players.js';

/**
 * The computer opponent: one player row per level (no token can ever match their hash), which
 * side of a match it plays, and the claim that lets exactly one process think for it per ply.
 */
export class Computer1764100000000 implements MigrationInterface {
  name = 'Computer1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE players ADD COLUMN computer_level smallint UNIQUE`);
    for (let level = 1; level <= COMPUTER_LEVELS; level++)
      await q.query(
        // '!' is not a hex digit: no SHA-256 of a token equals this hash.
        `INSERT INTO players (id, name, token_hash, computer_level) VALUES ($1, $2, $3, $4)`,
        [computerPlayerId(level), computerName(level), `!${level}`.padStart(64, '!'), level],
      );
    await q.query(`
      ALTER TABLE matches
        ADD COLUMN computer_color varchar(5),
        ADD COLUMN computer_level smallint,
        ADD COLUMN computer_claim_ply int,
        ADD COLUMN computer_claim_until timestamptz`);
    await q.query(`
      CREATE INDEX matches_computer_active ON matches (id)
        WHERE status = 'active' AND computer_color IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS matches_computer_active`);
    await q.query(`
      ALTER TABLE matches DROP COLUMN computer_color, DROP COLUMN computer_level,
        DROP COLUMN computer_claim_ply, DROP COLUMN computer_claim_until`);
    await q.query(`DELETE FROM players WHERE computer_level IS NOT NULL`);
    await q.query(`ALTER TABLE players DROP COLUMN computer_level`);
  }
}
