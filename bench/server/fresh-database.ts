/**
 * A clean database for a bench's server process: a new schema of the local PostgreSQL (its URL
 * points the server there), or with `embedded` a new PGlite directory. `stop` stops the server
 * processes given (SIGTERM, then waits up to 15 s for them), then removes the schema or directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { alive, type Proc } from '../../test/cluster/procs.js';

export interface FreshDatabase {
  /** DATABASE_URL (or, embedded, DATA_DIR and an empty DATABASE_URL) for the server's env. */
  env: Record<string, string>;
  stop(servers: readonly (Proc | null)[]): Promise<void>;
}

export async function freshDatabase(
  name: string,
  embedded: boolean,
  base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
): Promise<FreshDatabase> {
  const stopAll = (servers: readonly (Proc | null)[]) =>
    Promise.all(
      servers.map(async (server) => {
        if (!server || !alive(server)) return;
        const exited = new Promise((r) => server.child.once('exit', r));
        server.child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      }),
    );
  if (embedded) {
    const dir = mkdtempSync(join(tmpdir(), `damas-${name}-`));
    return {
      // Whatever the shell says: the embedded database.
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      stop: async (servers) => {
        await stopAll(servers);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  admin.on('error', () => undefined); // a dropped connection: the schema is left, the run goes on
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: u.toString() },
    stop: async (servers) => {
      await stopAll(servers);
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
