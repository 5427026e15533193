/**
 * perft command line: `npm run -s perft -- --variant V --depth D [--fen F] [--divide]`.
 * Prints `perft(d) = N` for d = 1..D (with time and Mnps), or with --divide each root move's
 * count at depth D and the total.
 */
import { parseArgs } from 'node:util';
import { divide, perft } from '../src/rules/perft.js';
import { Position } from '../src/rules/position.js';
import { getVariant, isVariantId } from '../src/rules/variants/index.js';

function fail(message: string): never {
  process.stderr.write(`perft: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'brazilian' },
    depth: { type: 'string', default: '5' },
    fen: { type: 'string' },
    divide: { type: 'boolean', default: false },
  },
  strict: true,
});

if (!isVariantId(values.variant)) fail(`unknown variant "${values.variant}"`);
const variant = getVariant(values.variant);
const depth = Number(values.depth);
if (!Number.isInteger(depth) || depth < 0 || depth > 30) fail(`bad depth "${values.depth}"`);
let pos = Position.initial(variant);
if (values.fen !== undefined) {
  const parsed = Position.fromFen(variant, values.fen);
  if (!parsed.ok) fail(`${parsed.error.code}: ${parsed.error.message}`);
  pos = parsed.value;
}

if (values.divide) {
  const t0 = performance.now();
  let total = 0;
  for (const { move, count } of divide(pos, depth)) {
    total += count;
    console.log(`${move} ${count}`);
  }
  const ms = performance.now() - t0;
  console.log(`perft(${depth}) = ${total}  ${ms.toFixed(1)} ms`);
} else {
  for (let d = 1; d <= depth; d++) {
    const t0 = performance.now();
    const n = perft(pos, d);
    const ms = performance.now() - t0;
    const mnps = ms > 0 ? (n / ms / 1000).toFixed(2) : '-';
    console.log(`perft(${d}) = ${n}  ${ms.toFixed(1)} ms  ${mnps} Mnps`);
  }
}
