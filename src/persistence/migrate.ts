/**
 * Runs pending migrations on start. On PostgreSQL several processes may start at once, so the
 * run holds a session advisory lock: one migrates, the others wait and then find nothing to do.
 * (PGlite is one process with one session: no lock needed, and one would deadlock the pool.)
 */
import type { DataSource } from 'typeorm';

const MIGRATION_LOCK = 7_240_531;

export async function migrate(ds: DataSource, embedded: boolean): Promise<void> {
  if (embedded) {
    await ds.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = ds.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
