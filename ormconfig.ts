/**
 * DataSource for the TypeORM CLI (migrations), the same options the app uses:
 *   npx tsx node_modules/typeorm/cli.js migration:run -d ormconfig.ts
 *   npx tsx node_modules/typeorm/cli.js migration:show -d ormconfig.ts
 * With DATABASE_URL: that PostgreSQL; without: the embedded PGlite under DATA_DIR (./data).
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/persistence/database.js';
import { ENTITIES } from './src/persistence/entities/index.js';
import { MIGRATIONS } from './src/persistence/migrations/index.js';

export default new DataSource(dataSourceOptions(process.env, ENTITIES, MIGRATIONS));
