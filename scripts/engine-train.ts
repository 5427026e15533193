/**
 * `npm run engine:train -- --variant V [--games N --nodes N] [--db] [--epochs N] [--out FILE]`:
 * fits the learned evaluation's weights (src/engine/patterns.ts features) for V's family and
 * writes them as a TS module (default src/engine/weights/<family>.ts). Steps:
 * 1. `--games` self-play games of the engine (hand evaluation unless `--eval full`) at `--nodes`
 *    a move from seeded random openings (scripts/engine-train/selfplay.ts); `--cache FILE`
 *    keeps them (a later run with the same file reads them instead of playing);
 * 2. with `--db`, the site's finished games of V (scripts/engine-train/site-games.ts);
 * 3. their quiet positions labelled by the game's result (1 / 0.5 / 0 for White), one game in
 *    ten held out; logistic regression by Adam with L2 (scripts/engine-train/fit.ts), train and
 *    validation loss printed per epoch; the weights scaled so a man is worth 100 (`--man`).
 * Deterministic for the same arguments (`--seed`). Run it with `nice -n 5` on a shared machine.
 */
import { existsSync, readFileSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Engine, familyOf, type EvalKind } from '../src/engine/index.js';
import { encodeWeights, UNIT } from '../src/engine/learned-eval.js';
import { Features, MAN } from '../src/engine/patterns.js';
import { BLACK, WHITE } from '../src/rules/board.js';
import { MoveGenerator, MoveList } from '../src/rules/movegen.js';
import { isVariantId, getVariant } from '../src/rules/variants/index.js';
import { Dataset } from './engine-train/dataset.js';
import { fit, K } from './engine-train/fit.js';
import { playGame, type TrainingGame } from './engine-train/selfplay.js';
import { siteGames } from './engine-train/site-games.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'international' },
    games: { type: 'string', default: '4000' },
    nodes: { type: 'string', default: '600' },
    seed: { type: 'string', default: '1' },
    eval: { type: 'string', default: 'hand' },
    db: { type: 'boolean', default: false },
    epochs: { type: 'string', default: '30' },
    batch: { type: 'string', default: '256' },
    lr: { type: 'string', default: '1' },
    l2: { type: 'string', default: '0.00000001' },
    man: { type: 'string', default: '100' },
    version: { type: 'string' },
    cache: { type: 'string' },
    // Games kept by earlier runs (--cache files, comma-separated), added to this run's.
    add: { type: 'string' },
    // 'both': only positions where neither side has a capture (no exchange pending either way).
    quiet: { type: 'string', default: 'both' },
    out: { type: 'string' },
  },
  strict: true,
});
const log = (line: string): void => void process.stdout.write(`${line}\n`);
if (!isVariantId(values.variant)) throw new Error(`unknown variant ${values.variant}`);
const variantId = values.variant;
const variant = getVariant(variantId);
const family = familyOf(variant);
const GAMES = Number(values.games);
const NODES = Number(values.nodes);
const SEED = Number(values.seed);
const evalKind = values.eval as EvalKind;
const out = values.out ?? `src/engine/weights/${family}.ts`;
const t0 = performance.now();
const secs = (): string => ((performance.now() - t0) / 1000).toFixed(0);

/** A game as one line: result, then each board as one digit a square. */
const encodeGame = (g: TrainingGame): string =>
  `${g.result} ${g.plies} ${g.boards.map((b) => b.join('')).join(' ')}`;
function decodeGame(line: string): TrainingGame {
  const [result, plies, ...boards] = line.split(' ');
  return {
    result: Number(result),
    plies: Number(plies),
    boards: boards.filter((b) => b.length > 0).map((b) => Int8Array.from(b, Number)),
  };
}

const selfplay: TrainingGame[] = [];
if (values.cache !== undefined && existsSync(values.cache)) {
  for (const line of readFileSync(values.cache, 'utf8').split('\n'))
    if (line.length > 0 && selfplay.length < GAMES) selfplay.push(decodeGame(line));
  log(`self-play: ${selfplay.length} games read from ${values.cache}`);
}
if (selfplay.length < GAMES) {
  const engine = new Engine(variant, 8);
  let dropped = 0;
  for (let g = selfplay.length; g < GAMES; g++) {
    const game = playGame(engine, variantId, SEED, g, NODES, evalKind);
    if (game === null) dropped++;
    const kept = game ?? { result: -1, boards: [], plies: 0 };
    selfplay.push(kept);
    if (values.cache !== undefined) appendFileSync(values.cache, `${encodeGame(kept)}\n`);
    if ((g + 1) % 250 === 0) log(`self-play: ${g + 1} games, ${secs()} s`);
  }
  log(`self-play: ${GAMES} games at ${NODES} nodes a move, ${dropped} capped and dropped`);
}
const added: TrainingGame[] = [];
for (const file of values.add?.split(',') ?? []) {
  for (const line of readFileSync(file, 'utf8').split('\n'))
    if (line.length > 0) added.push(decodeGame(line));
  log(`added: ${file}, ${added.length} games in all`);
}
const site = values.db ? await siteGames(variantId, log) : [];

const features = new Features(variant.geometry);
const data = new Dataset(features);
const gen = new MoveGenerator(variant);
const scratch = new MoveList(128);
/** The side to move had none (selfplay.ts, site-games.ts); with --quiet both, nor the other. */
const quiet = (b: Int8Array): boolean =>
  values.quiet !== 'both' ||
  ((gen.generate(b, WHITE, scratch) === 0 || scratch.ncap[0] === 0) &&
    (gen.generate(b, BLACK, scratch) === 0 || scratch.ncap[0] === 0));
let skipped = 0;
let games = 0;
let wins = 0;
let draws = 0;
for (const [i, g] of [...selfplay, ...added, ...site].entries()) {
  if (g.result < 0 || g.boards.length === 0) continue;
  games++;
  if (g.result === 0.5) draws++;
  else wins++;
  for (const b of g.boards) {
    if (quiet(b)) data.add(b, g.result, i);
    else skipped++;
  }
}
log(
  `data: ${data.size} positions from ${games} games (${wins} won, ${draws} drawn; ` +
    `${site.length} from the site; ${skipped} with a capture pending left out), ` +
    `${data.entries} feature entries, ${secs()} s`,
);

const block = features.layout.block;
const kingStart = variant.geometry.size === 10 ? 300 : 260;
const r = fit(data, {
  epochs: Number(values.epochs),
  batch: Number(values.batch),
  lr: Number(values.lr),
  l2: Number(values.l2),
  seed: SEED,
  man: 100,
  king: kingStart,
  log,
});
log(
  `fit: log-loss ${r.startLoss.toFixed(5)} (material only) -> train ${r.trainLoss.toFixed(5)}, ` +
    `validation ${r.validLoss.toFixed(5)} (best epoch ${r.epochs}), ${secs()} s`,
);

// A man's value, averaged over the phases, becomes `--man` centi-men.
const manValue = (r.weights[MAN] + r.weights[block + MAN]) / 2;
const scale = Number(values.man) > 0 ? Number(values.man) / manValue : 1;
const q = new Int16Array(r.weights.length);
for (let i = 0; i < q.length; i++)
  q[i] = Math.max(-32767, Math.min(32767, Math.round(r.weights[i] * scale * UNIT)));
log(
  `scale: a man fitted at ${manValue.toFixed(1)} (middle ${r.weights[MAN].toFixed(1)}, ending ` +
    `${r.weights[block + MAN].toFixed(1)}), weights x ${scale.toFixed(3)} (K ${(K / scale).toFixed(6)})`,
);

let version = Number(values.version ?? 0);
if (values.version === undefined) {
  const old = existsSync(out) ? /version: (\d+)/.exec(readFileSync(out, 'utf8')) : null;
  version = old ? Number(old[1]) + 1 : 1;
}
const command =
  `npm run engine:train -- --variant ${variantId} --games ${GAMES} --nodes ${NODES} ` +
  `--seed ${SEED} --eval ${evalKind}${values.add ? ` --add ${values.add}` : ''}` +
  `${values.db ? ' --db' : ''} --epochs ${values.epochs} --l2 ${values.l2}`;
const text = `/**
 * Learned evaluation weights, family ${family}, generated by \`${command}\`
 * (docs/ENGINE.md, "Learned evaluation"): ${data.size} positions from ${games} games, log-loss
 * train ${r.trainLoss.toFixed(4)} / validation ${r.validLoss.toFixed(4)}. Do not edit.
 */
import type { LearnedWeights } from '../learned-eval.js';

export const WEIGHTS: LearnedWeights = {
  family: '${family}',
  version: ${version},
  size: ${variant.geometry.size},
  count: ${q.length},
  positions: ${data.size},
  games: ${games},
  trainLoss: ${r.trainLoss.toFixed(5)},
  validLoss: ${r.validLoss.toFixed(5)},
  data: '${encodeWeights(q)}',
};
`;
writeFileSync(out, text);
log(
  `wrote ${out}: version ${version}, ${q.length} weights, ${statSync(out).size} bytes, ${secs()} s`,
);
