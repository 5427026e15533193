/**
 * One engine's perft in its own process (fresh JIT, no interference): deepens from depth 1
 * until one depth takes at least --min-ms, then prints that depth's figures as JSON.
 * Usage: tsx bench/perft-worker.ts <damas|rapid-draughts|draughts.js> <variant> [minMs] [maxDepth]
 */
import { perft } from '../src/rules/perft.js';
import { Position } from '../src/rules/position.js';
import { isVariantId } from '../src/rules/variants/index.js';

type Perft = (depth: number) => number;

async function engine(name: string, variant: string): Promise<Perft> {
  if (name === 'damas') {
    if (!isVariantId(variant)) throw new Error(`unknown variant ${variant}`);
    const start = Position.initial(variant);
    return (d) => perft(start, d);
  }
  if (name === 'rapid-draughts' && variant === 'english') {
    return (await import('./peers/rapid-draughts.js')).rapidDraughtsPerft;
  }
  if (name === 'draughts.js' && variant === 'international') {
    return (await import('./peers/draughts-js.js')).draughtsJsPerft;
  }
  throw new Error(`no engine ${name} for ${variant}`);
}

const [name, variant, minMs = '1000', maxDepth = '12'] = process.argv.slice(2);
const run = await engine(name, variant);
let result = { engine: name, variant, depth: 0, leaves: 0, ms: 0 };
for (let depth = 1; depth <= Number(maxDepth); depth++) {
  const t0 = performance.now();
  const leaves = run(depth);
  const ms = performance.now() - t0;
  result = { engine: name, variant, depth, leaves, ms };
  if (ms >= Number(minMs)) break;
}
process.stdout.write(`${JSON.stringify(result)}\n`);
