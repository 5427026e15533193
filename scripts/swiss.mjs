#!/usr/bin/env node
// Fast launcher for the Swiss pairing CLI (src/tournaments/swiss/cli.ts): bundles it once with
// esbuild into node_modules/.cache/damas-swiss/cli.mjs (rebuilt when a source is newer), then
// imports the bundle; tsx would cost ~300 ms a call. Concurrent first calls are safe: each
// writes a temporary file and renames it into place.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'src/tournaments/swiss');
const cacheDir = path.join(root, 'node_modules/.cache/damas-swiss');
const bundle = path.join(cacheDir, 'cli.mjs');

function stale() {
  let built;
  try {
    built = fs.statSync(bundle).mtimeMs;
  } catch {
    return true;
  }
  for (const name of fs.readdirSync(srcDir)) {
    if (fs.statSync(path.join(srcDir, name)).mtimeMs > built) return true;
  }
  return fs.statSync(fileURLToPath(import.meta.url)).mtimeMs > built;
}

if (stale()) {
  const { build } = await import('esbuild');
  fs.mkdirSync(cacheDir, { recursive: true });
  const tmp = `${bundle}.${process.pid}.${Date.now()}.tmp`;
  await build({
    entryPoints: [path.join(srcDir, 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: tmp,
    logLevel: 'error',
  });
  fs.renameSync(tmp, bundle);
}
await import(pathToFileURL(bundle).href);
