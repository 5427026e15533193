/**
 * The hot paths' way to the database: one SQL text per round trip, straight to the driver's pool
 * (TypeORM's query builder costs more CPU than the query itself at thousands of moves a second).
 * On PostgreSQL the statement is prepared once per connection under `name`; on PGlite it goes
 * through the single-session pool like everything else.
 */
import type { DataSource } from 'typeorm';
import { SessionPool } from './pglite-pool.js';

/**
 * The rows an INSERT / UPDATE / DELETE ... RETURNING gave through TypeORM's `query()`, on either
 * driver: node-postgres answers an UPDATE as [rows, count], an INSERT as rows.
 */
export function returnedRows<R = unknown>(result: unknown): R[] {
  if (!Array.isArray(result)) return [];
  return (Array.isArray(result[0]) ? result[0] : result) as R[];
}

export interface RawSql {
  query<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
}

interface PgPool {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

export function rawSql(db: DataSource): RawSql {
  const pool = (db.driver as unknown as { master: PgPool | SessionPool }).master;
  if (pool instanceof SessionPool) {
    return { query: async (_name, text, values) => (await pool.query(text, values)).rows as never };
  }
  return {
    query: async (name, text, values) => (await pool.query({ name, text, values })).rows as never,
  };
}
