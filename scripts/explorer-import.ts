/**
 * Imports tournament games into the masters' explorer (issue 35), on the server's database
 * (DATABASE_URL, else the PGlite under DATA_DIR):
 *
 *   npm run -s explorer:import -- --variant international --pdn assets/masters/international.pdn
 *
 * A .gz file is read as gzip. Each game is stored once (importing a file again adds nothing);
 * a game that does not replay legally or has no result is reported and left out. With PGlite the
 * server must be stopped first: the embedded database is one process's.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { MastersImport } from '../src/explorer/index.js';
import { dataSourceOptions } from '../src/persistence/database.js';
import { ENTITIES } from '../src/persistence/entities/index.js';
import { migrate } from '../src/persistence/migrate.js';
import { MIGRATIONS } from '../src/persistence/migrations/index.js';
import { isVariantId } from '../src/rules/index.js';
import type { Output } from './admin.js';

const USAGE = 'usage: npm run -s explorer:import -- --variant VARIANT --pdn FILE[.gz]';

export async function explorerImport(
  args: readonly string[],
  env: { DATABASE_URL?: string; DATA_DIR?: string },
  out: Output = console,
): Promise<number> {
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const variant = opt('variant');
  const file = opt('pdn');
  if (!variant || !file || args.length !== 4) {
    out.error(USAGE);
    return 2;
  }
  if (!isVariantId(variant)) {
    out.error(`no variant "${variant}"`);
    return 2;
  }
  let text: string;
  try {
    const raw = readFileSync(file);
    text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  } catch (e) {
    out.error(`cannot read ${file}: ${(e as Error).message}`);
    return 1;
  }
  const ds = await new DataSource(dataSourceOptions(env, ENTITIES, MIGRATIONS)).initialize();
  try {
    await migrate(ds, !env.DATABASE_URL);
    const started = Date.now();
    const r = await new MastersImport(ds).importPdn(variant, text, basename(file));
    const s = (Date.now() - started) / 1000;
    for (const why of r.rejected.slice(0, 20)) out.log(`left out: ${why}`);
    if (r.rejected.length > 20) out.log(`left out: ... ${r.rejected.length - 20} more`);
    out.log(
      `${variant}: ${r.read} games read, ${r.imported} imported, ${r.duplicates} already there, ` +
        `${r.rejected.length} left out (${s.toFixed(1)} s, ${(r.imported / Math.max(s, 0.001)).toFixed(0)} games/s)`,
    );
    return 0;
  } finally {
    await ds.destroy();
  }
}

// Run as a command (not imported by a test).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  explorerImport(process.argv.slice(2), {
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: process.env.DATA_DIR,
  }).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
