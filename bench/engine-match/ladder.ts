/**
 * `npm run bench:ladder -- [--variant brazilian] [--levels 1-6] [--games 100]`: each level
 * against the one below, from seeded random openings (each opening twice, colours reversed),
 * each level with its own time budget (src/engine/levels.ts). Prints W/D/L and Elo with its 95%
 * interval per pair, and each level's time discipline: the share of its moves that took more
 * than 1.05x its budget (goal: under 1%). Results to bench/results/ladder-<variant>-<lo>-<hi>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Engine, level, mulberry32, playLevel } from '../../src/engine/index.js';
import {
  advance,
  outcome,
  Position,
  startProgress,
  type VariantId,
} from '../../src/rules/index.js';
import { formatElo, elo, type Tally } from './stats.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'brazilian' },
    levels: { type: 'string', default: '1-6' },
    games: { type: 'string', default: '100' },
    // Openings from this index on: a second run adds games, not the same ones again.
    from: { type: 'string', default: '0' },
  },
  strict: true,
});
const variant = values.variant as VariantId;
const [lo, hi] = values.levels.split('-').map(Number);
const GAMES = Number(values.games);
const CAP = 300;

const timing = new Map<number, { moves: number; over: number }>();

/** One game: `upper` plays white when `upperWhite`; the upper level's result. */
function play(upper: number, opening: number, upperWhite: boolean): 'win' | 'draw' | 'loss' {
  const rng = mulberry32(opening * 7919 + 1);
  let game = startProgress(Position.initial(variant));
  for (let i = 0; i < 6 && !outcome(game); i++) {
    const legal = game.position.legalMoves();
    game = advance(game, legal[(rng() >>> 0) % legal.length]);
  }
  const engines = {
    white: new Engine(game.position.variant, 16),
    black: new Engine(game.position.variant, 16),
  };
  let ply = 0;
  let result = outcome(game);
  while (!result && ply < CAP) {
    const side = game.position.turn;
    const n = (side === 'white') === upperWhite ? upper : upper - 1;
    const t = performance.now();
    const r = playLevel(engines[side], game, n, opening * 1000 + ply);
    const ms = performance.now() - t;
    const tm = timing.get(n) ?? { moves: 0, over: 0 };
    tm.moves++;
    if (ms > 1.05 * level(n).movetime) tm.over++;
    timing.set(n, tm);
    if (!r.bestMove) throw new Error('no move in a live position');
    game = advance(game, r.bestMove);
    ply++;
    result = outcome(game);
  }
  if (!result || result.winner === null) return 'draw';
  return (result.winner === 'white') === upperWhite ? 'win' : 'loss';
}

mkdirSync('bench/results', { recursive: true });
const report: Record<string, unknown> = { date: new Date().toISOString(), variant, pairs: {} };
for (let upper = lo + 1; upper <= hi; upper++) {
  const tally: Tally = { wins: 0, draws: 0, losses: 0 };
  for (let g = 0; g < GAMES; g++) {
    const r = play(upper, Number(values.from) + Math.floor(g / 2), g % 2 === 0);
    tally[r === 'win' ? 'wins' : r === 'draw' ? 'draws' : 'losses']++;
  }
  console.log(`${variant} level ${upper} vs ${upper - 1}: ${formatElo(tally)}`);
  (report.pairs as Record<string, unknown>)[`${upper}v${upper - 1}`] = { tally, ...elo(tally) };
  report.timing = Object.fromEntries(timing);
  writeFileSync(
    `bench/results/ladder-${variant}-${lo}-${hi}.json`,
    JSON.stringify(report, null, 1),
  );
}
for (const [n, t] of [...timing].sort((a, b) => a[0] - b[0]))
  console.log(
    `level ${n} (${level(n).movetime} ms): ${t.over}/${t.moves} moves over 1.05x (${((100 * t.over) / t.moves).toFixed(2)}%)`,
  );
