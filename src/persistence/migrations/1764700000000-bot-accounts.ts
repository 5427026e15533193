import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bot accounts: a flag set once (irreversible), read wherever a player's name is shown. And the
 * order in which event streams open, across processes (the newest of a token's streams stays).
 */
export class BotAccounts1764700000000 implements MigrationInterface {
  name = 'BotAccounts1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE players ADD COLUMN bot boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE SEQUENCE event_stream_gen`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SEQUENCE event_stream_gen`);
    await q.query(`ALTER TABLE players DROP COLUMN bot`);
  }
}
