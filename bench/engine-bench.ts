/**
 * `npm run bench:engine [-- --ms 250 | --depth 8] [--positions 20] [--variants english,...]
 * [--check] [--baseline REF]`: search speed, nodes per second on one thread, per variant, over
 * middle-game positions reached by random legal moves from the start with a fixed seed (the same positions
 * every run). One engine per variant, its table cleared before each position (each search starts
 * cold, as the first move of a game does); every variant is searched once untimed first, so the
 * JIT has compiled the search before anything is measured (the first variants measured 2-3x
 * slow without it). The table shows total nodes / total search time, and the goals:
 * >= 2 M nodes/s on 8x8, >= 1 M on 10x10 (--check exits 1 if one is missed). `--baseline REF`
 * measures the engine at that git ref too (issue 33: `engine-baseline`), after today's.
 */
import { parseArgs } from 'node:util';
import { Engine, mulberry32 } from '../src/engine/index.js';
import { Position } from '../src/rules/position.js';
import { VARIANT_IDS, type VariantId } from '../src/rules/types.js';
import { isVariantId } from '../src/rules/variants/index.js';
import { loadBaseline } from './engine-match/baseline.js';

const { values } = parseArgs({
  options: {
    ms: { type: 'string', default: '250' },
    depth: { type: 'string' },
    positions: { type: 'string', default: '20' },
    plies: { type: 'string', default: '16' },
    variants: { type: 'string', default: VARIANT_IDS.join(',') },
    check: { type: 'boolean', default: false },
    // Also the engine at this git ref (bench/engine-match/baseline.ts), on the same positions.
    baseline: { type: 'string' },
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

/** What the bench needs of an engine: today's, or the baseline's (its own Position class). */
interface Searcher {
  tt: { clear(): void };
  search(
    pos: never,
    limits: { movetime?: number; depth?: number },
  ): { nodes: number; ms: number; depth: number };
}
type Make = (variant: VariantId) => { engine: Searcher; position: (p: Position) => unknown };

const current: Make = (variant) => ({
  engine: new Engine(Position.initial(variant).variant, 32) as unknown as Searcher,
  position: (p) => p,
});
const sides: { label: string; make: Make }[] = [{ label: '', make: current }];
if (values.baseline !== undefined) {
  const base = await loadBaseline(values.baseline);
  sides.push({
    label: ` (${values.baseline})`,
    make: (variant) => ({
      engine: new base.engine.Engine(
        base.rules.Position.initial(variant).variant,
        32,
      ) as unknown as Searcher,
      position: (p) => {
        const q = base.rules.Position.fromFen(base.rules.Position.initial(variant).variant, p.fen);
        if (!q.ok) throw new Error(`baseline cannot read ${p.fen}`);
        return q.value;
      },
    }),
  });
}

let missed = 0;
process.stdout.write('variant        positions   limit  avg depth      nodes   M nodes/s   goal\n');
for (const side of sides) {
  const made = new Map(variants.map((v) => [v, side.make(v)]));
  // Warm-up: every variant's code paths compiled before any timing.
  for (const variant of variants) {
    const { engine, position } = made.get(variant)!;
    for (const pos of middleGames(variant).slice(0, 3)) {
      engine.tt.clear();
      engine.search(position(pos) as never, { movetime: Math.min(ms, 300) });
    }
  }
  for (const variant of variants) {
    const positions = middleGames(variant);
    const { engine, position } = made.get(variant)!;
    let nodes = 0;
    let time = 0;
    let depth = 0;
    for (const pos of positions) {
      engine.tt.clear();
      const r = engine.search(
        position(pos) as never,
        depthLimit === undefined ? { movetime: ms } : { depth: depthLimit },
      );
      nodes += r.nodes;
      time += r.ms;
      depth += r.depth;
    }
    const mnps = (nodes / time) * 1e-3;
    const goal = Position.initial(variant).variant.geometry.squares > 32 ? 1 : 2;
    if (mnps < goal && side.label === '') missed++;
    const row = [
      (variant + side.label).padEnd(14 + Math.max(...sides.map((x) => x.label.length))),
      String(positions.length).padStart(9),
      (depthLimit === undefined ? String(ms) : `d${depthLimit}`).padStart(7),
      (depth / positions.length).toFixed(1).padStart(10),
      String(nodes).padStart(10),
      mnps.toFixed(2).padStart(11),
      `${mnps >= goal ? 'met' : 'MISS'} >= ${goal}`.padStart(10),
    ];
    process.stdout.write(`${row.join(' ')}\n`);
  }
}
if (values.check && missed > 0) process.exit(1);
