/**
 * `npx tsx scripts/puzzles-merge.ts --variant V FILE...`: merges puzzle files made by separate
 * generator runs (other seeds, other machines) into the starter set's file of V, dropping
 * duplicates by id and by start position exactly as the generator does; prints the counts.
 */
import { parseArgs } from 'node:util';
import { dedupeKeys, type PuzzleRecord } from '../src/puzzle-maker/index.js';
import { getVariant, isVariantId } from '../src/rules/index.js';
import { readRecords, starterFile, writeRecords } from './puzzle-files.js';

const { values, positionals } = parseArgs({
  options: { variant: { type: 'string' } },
  allowPositionals: true,
});
const id = values.variant ?? '';
if (!isVariantId(id) || positionals.length === 0) {
  console.error('usage: tsx scripts/puzzles-merge.ts --variant V FILE...');
  process.exit(2);
}
const variant = getVariant(id);
const out = starterFile(id);
const kept = new Map<string, PuzzleRecord>();
const keys = new Set<string>();
const before = readRecords(out).length;
for (const file of [out, ...positionals]) {
  for (const r of readRecords(file)) {
    if (r.variant !== id) continue;
    const ks = dedupeKeys(variant, r);
    if (kept.has(r.id) || ks.some((k) => keys.has(k))) continue;
    kept.set(r.id, r);
    for (const k of ks) keys.add(k);
  }
}
writeRecords(out, kept.values());
console.log(`${id}: ${before} -> ${kept.size} puzzles in ${out}`);
