/**
 * `npm run bench:engine [-- --ms 250 | --depth 8] [--positions 20] [--variants english,...]`: search
 * speed, nodes per second on one thread, per variant, over middle-game positions reached by
 * random legal moves from the start with a fixed seed (the same positions every run). Each
 * position gets a fresh engine and a fixed time (or depth); the table shows total nodes / total
 * search time.
 */
import { parseArgs } from 'node:util';
import { Engine, mulberry32 } from '../src/engine/index.js';
import { Position } from '../src/rules/position.js';
import { VARIANT_IDS, type VariantId } from '../src/rules/types.js';
import { isVariantId } from '../src/rules/variants/index.js';

const { values } = parseArgs({
  options: {
    ms: { type: 'string', default: '250' },
    depth: { type: 'string' },
    positions: { type: 'string', default: '20' },
    plies: { type: 'string', default: '16' },
    variants: { type: 'string', default: VARIANT_IDS.join(',') },
  },
  strict: true,
});
const ms = Number(values.ms);
const depthLimit = values.depth === undefined ? undefined : Number(values.depth);
const count = Number(values.positions);
const plies = Number(values.plies);
const variants = values.variants.split(',').filter(isVariantId);

/** `count` positions after `plies` random moves (seeded), skipping games that ended. */
function middleGames(variant: VariantId): Position[] {
  const out: Position[] = [];
  for (let seed = 1; out.length < count && seed < count * 20; seed++) {
    const rng = mulberry32(seed);
    let pos = Position.initial(variant);
    for (let i = 0; i < plies && pos.moveCount() > 0; i++) {
      const moves = pos.legalMoves();
      pos = pos.play(moves[(rng() >>> 0) % moves.length]);
    }
    if (pos.moveCount() > 0) out.push(pos);
  }
  return out;
}

process.stdout.write('variant        positions   limit  avg depth      nodes   M nodes/s\n');
for (const variant of variants) {
  const positions = middleGames(variant);
  let nodes = 0;
  let time = 0;
  let depth = 0;
  for (const pos of positions) {
    const engine = new Engine(pos.variant, 32);
    const r = engine.search(
      pos,
      depthLimit === undefined ? { movetime: ms } : { depth: depthLimit },
    );
    nodes += r.nodes;
    time += r.ms;
    depth += r.depth;
  }
  const row = [
    variant.padEnd(14),
    String(positions.length).padStart(9),
    (depthLimit === undefined ? String(ms) : `d${depthLimit}`).padStart(7),
    (depth / positions.length).toFixed(1).padStart(10),
    String(nodes).padStart(10),
    ((nodes / time) * 1e-3).toFixed(2).padStart(11),
  ];
  process.stdout.write(`${row.join(' ')}\n`);
}
