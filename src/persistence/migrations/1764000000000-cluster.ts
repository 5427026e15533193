import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cluster: a heartbeat every server process writes (an outage is a gap in it), and the table
 * @socket.io/postgres-adapter uses for broadcast payloads too large for NOTIFY.
 */
export class Cluster1764000000000 implements MigrationInterface {
  name = 'Cluster1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE cluster_heartbeat (id int PRIMARY KEY, beat_at timestamptz NOT NULL)`,
    );
    await q.query(`INSERT INTO cluster_heartbeat (id, beat_at) VALUES (1, now())`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT now(),
        payload bytea
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS socket_io_attachments`);
    await q.query(`DROP TABLE IF EXISTS cluster_heartbeat`);
  }
}
