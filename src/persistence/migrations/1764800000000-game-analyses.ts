import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A finished game's engine analysis, stored once per game: its progress while a process works
 * on it (updated_at is that run's heartbeat: a stale one is taken over, under a new run_id that
 * the old run's writes no longer match), then every position.
 */
export class GameAnalyses1764800000000 implements MigrationInterface {
  name = 'GameAnalyses1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE game_analyses (
        match_id uuid PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        status varchar(8) NOT NULL,
        run_id uuid NOT NULL,
        total int NOT NULL,
        done int NOT NULL DEFAULT 0,
        budget_nodes int NOT NULL,
        positions jsonb NOT NULL DEFAULT '[]',
        summary jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE game_analyses`);
  }
}
