import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A declined takeback request is not asked again in the same position: who, and at which ply. */
export class TakebackRefusals1765000000000 implements MigrationInterface {
  name = 'TakebackRefusals1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matches ADD COLUMN takeback_declined_by varchar(5)`);
    await q.query(`ALTER TABLE matches ADD COLUMN takeback_declined_ply int`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matches DROP COLUMN takeback_declined_ply`);
    await q.query(`ALTER TABLE matches DROP COLUMN takeback_declined_by`);
  }
}
