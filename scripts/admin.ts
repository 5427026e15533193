/**
 * Administration from the command line, on the server's database (DATABASE_URL, else the PGlite
 * under DATA_DIR, as the server reads them):
 *
 *   npm run -s admin -- mod grant NAME     NAME becomes a moderator
 *   npm run -s admin -- mod revoke NAME    NAME is a moderator no more
 *
 * Each change is logged in the moderators' log (by "the command line"). With PGlite the server
 * must be stopped first: the embedded database is one process's.
 */
import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/persistence/database.js';
import { ENTITIES } from '../src/persistence/entities/index.js';
import { migrate } from '../src/persistence/migrate.js';
import { MIGRATIONS } from '../src/persistence/migrations/index.js';
import { setModRole } from '../src/moderation/index.js';

const USAGE = 'usage: npm run -s admin -- mod grant|revoke USERNAME';

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** The command's work: the exit status, what it says on `out` (a test passes its own). */
export async function admin(
  args: readonly string[],
  env: { DATABASE_URL?: string; DATA_DIR?: string },
  out: Output = console,
): Promise<number> {
  const [area, verb, name] = args;
  if (area !== 'mod' || (verb !== 'grant' && verb !== 'revoke') || !name || args.length !== 3) {
    out.error(USAGE);
    return 2;
  }
  const ds = await new DataSource(dataSourceOptions(env, ENTITIES, MIGRATIONS)).initialize();
  try {
    await migrate(ds, !env.DATABASE_URL);
    const change = await setModRole(ds, name, verb === 'grant');
    if (change === 'no such account') {
      out.error(`no account named "${name}"`);
      return 1;
    }
    out.log(`${name}: ${change}`);
    return 0;
  } finally {
    await ds.destroy();
  }
}

// Run as a command (not imported by a test).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  admin(process.argv.slice(2), {
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: process.env.DATA_DIR,
  }).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
