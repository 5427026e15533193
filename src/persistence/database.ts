/**
 * DataSource options: PostgreSQL when DATABASE_URL is set, else the embedded PGlite under
 * DATA_DIR (created if missing). Same entities and migrations for both; never `synchronize`.
 */
import { join, resolve } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { pgliteDriver } from './pglite-pool.js';

export interface DatabaseEnv {
  DATABASE_URL?: string;
  DATA_DIR?: string;
}

export const describeDatabase = (env: DatabaseEnv): 'postgres' | 'pglite' =>
  env.DATABASE_URL ? 'postgres' : 'pglite';

type Classes = NonNullable<DataSourceOptions['entities']>;
type Migrations = NonNullable<DataSourceOptions['migrations']>;

export function dataSourceOptions(
  env: DatabaseEnv,
  entities: Classes,
  migrations: Migrations,
): DataSourceOptions {
  const common = { entities, migrations, synchronize: false, migrationsRun: false } as const;
  if (env.DATABASE_URL) {
    return { type: 'postgres', url: env.DATABASE_URL, poolSize: 20, ...common };
  }
  const dir =
    env.DATA_DIR === 'memory://' ? undefined : join(resolve(env.DATA_DIR || './data'), 'pglite');
  return { type: 'postgres', driver: pgliteDriver(dir), poolSize: 1, ...common };
}
