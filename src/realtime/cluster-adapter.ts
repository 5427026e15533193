/**
 * socket.io's own adapters carry room broadcasts and fetchSockets() between server processes:
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set
 * (the database we already have), else none (one process, e.g. on the embedded PGlite).
 */
import { createHash } from 'node:crypto';
import { createAdapter as postgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as redisAdapter } from '@socket.io/redis-adapter';
import pg from 'pg';
import { createClient } from 'redis';
import type { Config } from '../config.js';

export interface ClusterAdapter {
  readonly kind: 'redis' | 'postgres';
  /** What `server.adapter()` takes: a function of the namespace. */
  readonly factory: ReturnType<typeof postgresAdapter> | ReturnType<typeof redisAdapter>;
  close(): Promise<void>;
}

export async function clusterAdapter(config: Config): Promise<ClusterAdapter | null> {
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    return {
      kind: 'redis',
      factory: redisAdapter(pub, sub, { key: `damas:${channel(config.redisUrl)}` }),
      close: async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      },
    };
  }
  if (config.databaseUrl) {
    // One connection LISTENs; the other publishes, one NOTIFY at a time, so broadcasts keep
    // their order (the adapter emits locally only once its publish is done).
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    pool.on('error', () => undefined);
    return {
      kind: 'postgres',
      // NOTIFY channels span the whole database: one per cluster (per URL, so per schema).
      factory: postgresAdapter(pool, { channelPrefix: `damas_${channel(config.databaseUrl)}` }),
      close: () => pool.end(),
    };
  }
  return null;
}

const channel = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 12);
