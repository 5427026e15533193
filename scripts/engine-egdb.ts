/**
 * Builds a variant's endgame databases by retrograde analysis and writes them to one file:
 *   npm run engine:egdb -- --variant brazilian --pieces 4 [--out DIR] [--verify]
 * Prints per slice its positions, wins/draws/losses, the longest distance, time and size.
 */
import { buildTables, sliceOrder } from '../src/engine/egdb/build.js';
import { egdbDir, saveTables } from '../src/computer/egdb-files.js';
import { supportsVariant } from '../src/engine/egdb/tables.js';
import { verifySlice } from '../src/engine/egdb/verify.js';
import { getVariant, isVariantId } from '../src/rules/variants/index.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const id = arg('variant') ?? 'brazilian';
const pieces = Number(arg('pieces') ?? 4);
if (!isVariantId(id) || !supportsVariant(getVariant(id))) {
  console.error(
    `no endgame databases for "${id}" (frisian, turkish, breakthrough, antidraughts are out)`,
  );
  process.exit(2);
}
if (!Number.isInteger(pieces) || pieces < 2 || pieces > 7) {
  console.error('--pieces must be 2 to 7');
  process.exit(2);
}
const variant = getVariant(id);
const t0 = performance.now();
let positions = 0;
console.log('slice  positions      wins     draws    losses longest      ms');
const tables = buildTables(variant, pieces, (r) => {
  positions += r.positions;
  console.log(
    [r.key, r.positions, r.wins, r.draws, r.losses, r.longest, Math.round(r.ms)]
      .map((x, i) => String(x).padStart(i === 0 ? 5 : i === 5 ? 7 : 9))
      .join(' '),
  );
});
const buildMs = performance.now() - t0;
const raw = [...tables.data.values()].reduce((a, b) => a + b.length, 0);
const saved = saveTables(tables, arg('out') ?? egdbDir());
console.log(
  `${id} <= ${pieces} pieces: ${positions} positions, build ${(buildMs / 1000).toFixed(1)} s, ` +
    `${raw} bytes raw, ${saved.bytes} bytes gzipped: ${saved.path}`,
);
if (process.argv.includes('--verify')) {
  const v0 = performance.now();
  let bad = 0;
  for (const m of sliceOrder(pieces)) {
    const mismatches = verifySlice(tables, m);
    bad += mismatches.length;
    for (const x of mismatches) console.log('MISMATCH', JSON.stringify(x));
  }
  const s = ((performance.now() - v0) / 1000).toFixed(1);
  console.log(
    bad === 0 ? `verified: every value agrees with its successors' (${s} s)` : `${bad} mismatches`,
  );
  if (bad > 0) process.exit(1);
}
