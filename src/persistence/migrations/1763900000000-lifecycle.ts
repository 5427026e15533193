import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lifecycle: the clock deadline lives in the database (whoever ends a game on time does it in a
 * transaction that succeeds once), absences for the disconnect grace, rematch offers.
 */
export class Lifecycle1763900000000 implements MigrationInterface {
  name = 'Lifecycle1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE matches
        ADD COLUMN deadline_at timestamptz,
        ADD COLUMN white_absent_since timestamptz,
        ADD COLUMN black_absent_since timestamptz,
        ADD COLUMN rematch_offer_by varchar(5),
        ADD COLUMN rematch_id uuid`);
    await q.query(`CREATE INDEX matches_deadline ON matches (deadline_at) WHERE status = 'active'`);
    await q.query(`UPDATE matches SET deadline_at = turn_started_at + make_interval(secs =>
      (CASE WHEN turn = 'white' THEN white_ms ELSE black_ms END) / 1000.0)
      WHERE status = 'active' AND turn_started_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS matches_deadline`);
    await q.query(`
      ALTER TABLE matches
        DROP COLUMN deadline_at,
        DROP COLUMN white_absent_since,
        DROP COLUMN black_absent_since,
        DROP COLUMN rematch_offer_by,
        DROP COLUMN rematch_id`);
  }
}
