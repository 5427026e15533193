/**
 * Engine command line: `npm run -s engine -- --variant V --fen F --movetime MS [--depth D]
 * [--nodes N] [--level L] [--hash MB]`. Prints the best move (numeric PDN), score, depth, nodes,
 * nps and the principal variation.
 */
import { parseArgs } from 'node:util';
import { Engine, playLevel, type Score, type SearchResult } from '../src/engine/index.js';
import { moveToText } from '../src/rules/notation.js';
import { Position } from '../src/rules/position.js';
import type { Move } from '../src/rules/types.js';
import { getVariant, isVariantId } from '../src/rules/variants/index.js';

function fail(message: string): never {
  process.stderr.write(`engine: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'brazilian' },
    fen: { type: 'string' },
    movetime: { type: 'string' },
    depth: { type: 'string' },
    nodes: { type: 'string' },
    level: { type: 'string' },
    hash: { type: 'string', default: '64' },
  },
  strict: true,
});

const num = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) fail(`bad --${name} "${text}"`);
  return n;
};

if (!isVariantId(values.variant)) fail(`unknown variant "${values.variant}"`);
const variant = getVariant(values.variant);
let pos = Position.initial(variant);
if (values.fen !== undefined) {
  const parsed = Position.fromFen(variant, values.fen);
  if (!parsed.ok) fail(`${parsed.error.code}: ${parsed.error.message}`);
  pos = parsed.value;
}
const engine = new Engine(variant, num('hash', values.hash));
const levelNo = num('level', values.level);
let movetime = num('movetime', values.movetime);
const depth = num('depth', values.depth);
const nodes = num('nodes', values.nodes);
if (movetime === undefined && depth === undefined && nodes === undefined) movetime = 1000;
const r: SearchResult =
  levelNo !== undefined
    ? playLevel(engine, pos, levelNo)
    : engine.search(pos, { movetime, depth, nodes });

const scoreText = (s: Score): string =>
  'cp' in s ? `cp ${s.cp}` : 'win' in s ? `win in ${s.win} plies` : `loss in ${s.loss} plies`;
const line = (start: Position, moves: readonly Move[]): string => {
  const out: string[] = [];
  let p = start;
  for (const m of moves) {
    out.push(moveToText(p, m));
    p = p.play(m);
  }
  return out.join(' ');
};

process.stdout.write(
  [
    `bestmove ${r.bestMove === null ? '(none)' : moveToText(pos, r.bestMove)}`,
    `score ${scoreText(r.score)}`,
    `depth ${r.depth}`,
    `nodes ${r.nodes}`,
    `nps ${r.nps}`,
    `time ${Math.round(r.ms)} ms`,
    `pv ${line(pos, r.pv)}`,
  ].join('\n') + '\n',
);
