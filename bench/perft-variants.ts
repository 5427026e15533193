/**
 * `npm run bench:perft`: every variant's perft leaf rate from the start, one core, each in its
 * own process (bench/perft-worker.ts: deepens until a depth takes a second or more). Each
 * variant runs --repeat times (default 3), the runs interleaved across variants so a burst of
 * other work on the machine hits them alike, and its best run counts. Prints a Markdown table.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { VARIANT_IDS } from '../src/rules/types.js';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '3' },
    'min-ms': { type: 'string', default: '1000' },
    variants: { type: 'string', default: VARIANT_IDS.join(',') },
  },
  strict: true,
});

interface Run {
  variant: string;
  depth: number;
  leaves: number;
  ms: number;
}

const worker = fileURLToPath(new URL('./perft-worker.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
const variants = values.variants.split(',');
const best = new Map<string, Run>();

for (let r = 0; r < Number(values.repeat); r++) {
  for (const variant of variants) {
    const out = spawnSync(process.execPath, [tsx, worker, 'damas', variant, values['min-ms']], {
      encoding: 'utf8',
    });
    if (out.status !== 0) throw new Error(`${variant}: ${out.stderr}`);
    const run = JSON.parse(out.stdout.trim().split('\n').pop() ?? '{}') as Run;
    const prev = best.get(variant);
    if (!prev || run.leaves / run.ms > prev.leaves / prev.ms) best.set(variant, run);
  }
}

const rate = (r: Run) => r.leaves / r.ms / 1000;
console.log('| variant | depth | leaves | time | Mnps |');
console.log('| --- | --- | --- | --- | --- |');
for (const variant of variants) {
  const r = best.get(variant);
  if (!r) continue;
  console.log(
    `| ${variant} | ${r.depth} | ${r.leaves.toLocaleString('en')} | ${r.ms.toFixed(0)} ms | ${rate(r).toFixed(2)} |`,
  );
}
