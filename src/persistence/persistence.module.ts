import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONFIG, type Config } from '../config.js';
import { dataSourceOptions } from './database.js';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { migrate } from './migrate.js';
import { DataSource } from 'typeorm';
import { ReadSide } from './read-side.js';

/**
 * The database: PGlite under DATA_DIR by default, PostgreSQL with DATABASE_URL. Migrations run
 * on start. On PGlite there is one session: inside a transaction use only its EntityManager.
 * ReadSide: where the reads that tolerate a lag go (a read replica with DATABASE_READ_URL).
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [CONFIG],
      useFactory: (config: Config) =>
        dataSourceOptions(
          { DATABASE_URL: config.databaseUrl, DATA_DIR: config.dataDir },
          ENTITIES,
          MIGRATIONS,
        ),
      dataSourceFactory: async (options) => {
        const ds = await new DataSource(options!).initialize();
        await migrate(ds, !(options as { url?: string }).url);
        return ds;
      },
    }),
  ],
  providers: [ReadSide],
  exports: [ReadSide],
})
export class PersistenceModule {}
