/**
 * socket.io's own adapters carry room broadcasts and fetchSockets() between server processes:
 * with DATABASE_URL, Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY (the
 * database we already have); without it none (one process, on the embedded PGlite).
 */
import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
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
  // The embedded database is one process: no cluster, whatever REDIS_URL says.
  if (!config.databaseUrl) return null;
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    // A lost connection retries by itself; said once per failure, not thrown.
    const log = new Logger('ClusterAdapter');
    for (const c of [pub, sub]) c.on('error', (e: Error) => log.warn(`redis: ${e.message}`));
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter publishes without awaiting: once closed (shutting down, while the sockets'
    // disconnect handlers still ask the others), a publish must be dropped, not rejected
    // unhandled. A lost Redis meanwhile is the same: the adapter's questions time out.
    let closed = false;
    const publisher = new Proxy(pub, {
      get(target, prop, receiver) {
        if (prop !== 'publish') return Reflect.get(target, prop, receiver) as unknown;
        return (...args: Parameters<typeof pub.publish>) =>
          closed ? Promise.resolve(0) : target.publish(...args).catch(() => 0);
      },
    });
    return {
      kind: 'redis',
      factory: redisAdapter(publisher, sub, { key: `damas:${channel(config.redisUrl)}` }),
      close: async () => {
        closed = true;
        // Hear nothing more first, then stop saying anything.
        await closeRedis(sub);
        await closeRedis(pub);
      },
    };
  }
  {
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
}

/**
 * Closes a Redis client, its pending commands sent; at most 2 s (a client still reconnecting
 * after Redis restarted may never finish closing), then destroyed.
 */
export async function closeRedis(client: {
  close(): Promise<void>;
  destroy(): void;
  isOpen: boolean;
}): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.close().catch(() => undefined),
    new Promise((r) => (timer = setTimeout(r, 2_000))),
  ]).finally(() => clearTimeout(timer));
  if (client.isOpen) client.destroy();
}

const channel = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 12);
