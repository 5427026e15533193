/**
 * Reading and writing puzzle files (NDJSON, gzipped when the name ends .gz): the generator,
 * bench:puzzles and the starter set's test share them. Written sorted by id, atomically.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { PuzzleRecord } from '../src/puzzle-maker/index.js';
import type { VariantId } from '../src/rules/index.js';

/** The starter set's file of a variant, relative to the repository root. */
export const starterFile = (variant: VariantId): string => `assets/puzzles/${variant}.ndjson.gz`;

export function readRecords(file: string): PuzzleRecord[] {
  if (!existsSync(file)) return [];
  const raw = readFileSync(file);
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as PuzzleRecord);
}

export function writeRecords(file: string, records: Iterable<PuzzleRecord>): void {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const text = sorted.map((r) => JSON.stringify(r)).join('\n') + (sorted.length ? '\n' : '');
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, file.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
  renameSync(tmp, file);
}
