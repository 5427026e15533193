import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Personal access tokens (hashed), each with its scopes; an account's list by player. */
export class ApiTokens1764600000000 implements MigrationInterface {
  name = 'ApiTokens1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY,
        player_id uuid NOT NULL REFERENCES players(id),
        description varchar(100) NOT NULL,
        scopes text[] NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX api_tokens_player ON api_tokens (player_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_tokens`);
  }
}
