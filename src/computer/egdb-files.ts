/**
 * Endgame database files (node only; the builder and the tables stay free of I/O): one gzipped
 * file per variant, `<dir>/<variant>-<pieces>.bin.gz`, as EndgameTables.encode() writes it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Variant } from '../rules/variants/index.js';
import { EndgameTables, supportsVariant } from '../engine/index.js';

/**
 * Where the files are: $DAMAS_EGDB_DIR, else the repository's egdb/ (two folders up from this
 * file, in src/computer and in dist/computer alike), wherever the server was started from.
 */
export function egdbDir(): string {
  return process.env.DAMAS_EGDB_DIR ?? fileURLToPath(new URL('../../egdb', import.meta.url));
}

export const fileName = (variant: string, pieces: number): string => `${variant}-${pieces}.bin.gz`;

/** Writes the tables; returns the file's path and its size in bytes. */
export function saveTables(t: EndgameTables, dir = egdbDir()): { path: string; bytes: number } {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, fileName(t.variant.id, t.pieces));
  const gz = gzipSync(t.encode(), { level: 9 });
  writeFileSync(path, gz);
  return { path, bytes: gz.length };
}

/**
 * The variant's tables with the most pieces found in `dir`, or null: no file (or an unreadable
 * one) means no tables, never an error, so a server without them plays on as before.
 */
export function loadTables(variant: Variant, dir = egdbDir()): EndgameTables | null {
  if (!supportsVariant(variant) || !existsSync(dir)) return null;
  const re = new RegExp(`^${variant.id}-(\\d+)\\.bin\\.gz$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null; // not a readable folder (a file named by DAMAS_EGDB_DIR, no permission)
  }
  const found = names
    .map((f) => re.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  for (const m of found) {
    try {
      return EndgameTables.decode(
        variant,
        new Uint8Array(gunzipSync(readFileSync(join(dir, m[0])))),
      );
    } catch {
      /* a damaged file: try a smaller one, or play without */
    }
  }
  return null;
}
