/**
 * `npm run bench:puzzles -- [--variant V|all] [--nodes N] [--limit K] [--prune]`: re-checks the
 * starter set by hand (the unit test checks a fixed sample): every puzzle replays legally and its
 * line is still unique at each solver turn at 4x the generator's node budget, on a fresh engine
 * (as the generator verified it), with the same accepted alternatives. Prints per variant the
 * count, failures and time; exits 1 on any failure. --prune rewrites the files without them.
 */
import { parseArgs } from 'node:util';
import {
  CRITERIA,
  defaultBudgets,
  freshVerifier,
  replayRecord,
  verifyLine,
  type PuzzleRecord,
} from '../src/puzzle-maker/index.js';
import { getVariant, isVariantId, Position, VARIANT_IDS } from '../src/rules/index.js';
import { readRecords, starterFile, writeRecords } from '../scripts/puzzle-files.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'all' },
    nodes: { type: 'string' },
    limit: { type: 'string' },
    prune: { type: 'boolean', default: false },
  },
  strict: true,
});

/** Why a record fails, or null when it holds. */
export function recheck(r: PuzzleRecord, nodes: number): string | null {
  const replay = replayRecord(r);
  if (!replay.ok) return replay.problem;
  const before = Position.fromFen(r.variant, r.fen);
  if (!before.ok) return 'bad fen';
  const v = verifyLine(freshVerifier(before.value), before.value, r.moves, nodes);
  if (v === null) return 'not unique at the re-check';
  if (JSON.stringify(v.accepted) !== JSON.stringify(r.accepted ?? []))
    return `accepted ${JSON.stringify(v.accepted)} vs ${JSON.stringify(r.accepted ?? [])}`;
  return null;
}

let failures = 0;
const names = values.variant === 'all' ? [...VARIANT_IDS] : values.variant.split(',');
for (const name of names) {
  if (!isVariantId(name)) throw new Error(`unknown variant ${name}`);
  const nodes =
    values.nodes !== undefined
      ? Number(values.nodes)
      : defaultBudgets(getVariant(name)).nodes * CRITERIA.reverify;
  const all = readRecords(starterFile(name));
  const records = values.limit !== undefined ? all.slice(0, Number(values.limit)) : all;
  const t0 = performance.now();
  const bad = new Set<string>();
  for (const r of records) {
    const why = r.variant === name ? recheck(r, nodes) : `variant ${r.variant} in ${name}'s file`;
    if (why === null) continue;
    bad.add(r.id);
    console.log(`  ${name} ${r.id}: ${why}`);
  }
  const s = (performance.now() - t0) / 1000;
  console.log(
    `${name}: ${records.length} checked at ${nodes} nodes, ${bad.size} failed, ${s.toFixed(1)} s ` +
      `(${records.length ? ((s * 1000) / records.length).toFixed(0) : 0} ms each)`,
  );
  if (values.prune && bad.size > 0)
    writeRecords(
      starterFile(name),
      all.filter((r) => !bad.has(r.id)),
    );
  else failures += bad.size;
}
process.exit(failures > 0 ? 1 : 0);
