import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (issue 34): one row per player and event, stored in the event's transaction.
 * Listed newest first per player; the unread ones counted by a partial index (a bell's count
 * is read on every page).
 */
export class Notifications1765310000000 implements MigrationInterface {
  name = 'Notifications1765310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        player_id uuid NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        kind varchar(24) NOT NULL,
        data jsonb NOT NULL,
        read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE INDEX notifications_player_newest ON notifications (player_id, created_at DESC, id)`,
    );
    await q.query(`CREATE INDEX notifications_unread ON notifications (player_id) WHERE NOT read`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications`);
  }
}
