/**
 * A fresh embedded database in a fraction of the time: a new PGlite directory costs an initdb
 * (3 to 6 s on this 2-core machine) and the migrations, a copy of one already made costs about
 * 0.5 s. So the first test that needs one makes a template (blank, or migrated to the newest
 * migration) in the system's temp folder, and every test after it copies it. A template is keyed
 * by PGlite's version and the migrations' code, so a new migration makes a new one; two Jest
 * workers that make the same template at once both succeed (the first rename wins).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/persistence/database.js';
import { ENTITIES } from '../src/persistence/entities/index.js';
import { migrate } from '../src/persistence/migrate.js';
import { MIGRATIONS } from '../src/persistence/migrations/index.js';

type Kind = 'blank' | 'migrated';

function key(kind: Kind): string {
  const pglite = JSON.parse(
    readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'),
  ) as { version: string };
  // The migrations' code, not only their names: an edited migration makes a new template.
  const names =
    kind === 'migrated'
      ? MIGRATIONS.map(
          (m) => `${m.name}:${m.prototype.up.toString()}:${m.prototype.down.toString()}`,
        ).join(',')
      : '';
  return createHash('sha256')
    .update(`${kind}:${pglite.version}:${names}`)
    .digest('hex')
    .slice(0, 16);
}

async function make(kind: Kind, into: string): Promise<void> {
  const ds = await new DataSource(
    dataSourceOptions({ DATA_DIR: into }, kind === 'migrated' ? ENTITIES : [], MIGRATIONS),
  ).initialize();
  if (kind === 'migrated') await migrate(ds, true);
  await ds.destroy();
}

/** The template's folder (holding `pglite/`), made first if it is not there yet. */
async function template(kind: Kind): Promise<string> {
  const path = join(tmpdir(), `damas-pglite-${kind}-${key(kind)}`);
  if (existsSync(path)) return path;
  const building = mkdtempSync(join(tmpdir(), 'damas-pglite-making-'));
  await make(kind, building);
  try {
    renameSync(building, path);
  } catch {
    // Another worker made it meanwhile: theirs is as good.
    rmSync(building, { recursive: true, force: true });
  }
  return path;
}

/**
 * A new DATA_DIR holding a copy of the template: `blank` (an empty database, for tests that make
 * their own tables) or `migrated` (the app's schema, as `npm start` would leave it).
 */
export async function freshDataDir(kind: Kind, prefix = 'damas-e2e-'): Promise<string> {
  const from = await template(kind);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(from, 'pglite'), join(dir, 'pglite'), { recursive: true });
  return dir;
}
