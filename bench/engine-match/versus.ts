/**
 * `npm run bench:versus -- [--variant international] [--ms 1000 | --nodes N] [--games 200]
 * [--from 0] [--jobs 1] [--plies 6] [--cap 400] [--baseline-ms MS] [--baseline REF] [--out FILE]`:
 * today's engine against the baseline (the engine at the git tag `engine-baseline`, or at any
 * git ref given, loaded by baseline.ts), from seeded random openings (`--plies` random moves), each opening twice with
 * colours reversed, at equal time per move (`--ms`) or equal nodes (`--nodes`). A fresh engine
 * per side per game (16 MB tables; today's with the variant's endgame databases when egdb/ has them). A game ends by the rules or is a draw at `--cap` plies.
 * `--jobs n` plays in n child processes (one core each). Prints W/D/L and Elo with its 95%
 * interval from the new engine's side, each side's mean depth and nodes/s and its share of moves
 * over 1.05x the budget; writes every game to bench/results/versus-<variant>-<budget>.json.
 * `--sprt elo0,elo1` stops the run as soon as the sequential test decides (H1: the gain is elo1
 * rather than elo0), so a change with a clear effect costs fewer games.
 * Exits 1 if either engine returns an illegal move.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadTables } from '../../src/computer/egdb-files.js';
import { Engine, mulberry32, type SearchLimits } from '../../src/engine/index.js';
import {
  advance,
  outcome,
  Position,
  startProgress,
  type Move,
  type VariantId,
} from '../../src/rules/index.js';
import { BASELINE_TAG, loadBaseline } from './baseline.js';
import { elo, formatElo, sprt, type Tally } from './stats.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'international' },
    ms: { type: 'string' },
    nodes: { type: 'string' },
    'baseline-ms': { type: 'string' },
    // Any git ref: a change can be measured against the commit before it.
    baseline: { type: 'string', default: BASELINE_TAG },
    games: { type: 'string', default: '200' },
    from: { type: 'string', default: '0' },
    jobs: { type: 'string', default: '1' },
    plies: { type: 'string', default: '6' },
    cap: { type: 'string', default: '400' },
    out: { type: 'string' },
    worker: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    // "elo0,elo1": stop as soon as the SPRT (stats.ts) decides between the two.
    sprt: { type: 'string' },
  },
  strict: true,
});
const variant = values.variant as VariantId;
const NODES = values.nodes === undefined ? undefined : Number(values.nodes);
const MS = values.ms === undefined ? (NODES === undefined ? 1000 : undefined) : Number(values.ms);
const BASE_MS = values['baseline-ms'] === undefined ? MS : Number(values['baseline-ms']);
const GAMES = Number(values.games);
const FROM = Number(values.from);
const CAP = Number(values.cap);
const budget = NODES !== undefined ? `${NODES}n` : `${MS}ms`;

interface SideStats {
  moves: number;
  depth: number;
  nodes: number;
  ms: number;
  over: number;
}
interface GameRecord {
  game: number;
  opening: number;
  newAs: 'white' | 'black';
  result: 'win' | 'draw' | 'loss';
  reason: string;
  plies: number;
  illegal?: string;
  new: SideStats;
  base: SideStats;
}

const key = (m: { path: readonly number[]; captures: readonly number[] }): string =>
  `${m.path.join('-')}x${m.captures.join(',')}`;
const emptyStats = (): SideStats => ({ moves: 0, depth: 0, nodes: 0, ms: 0, over: 0 });

async function playGames(from: number, count: number, emit: (g: GameRecord) => void) {
  const base = await loadBaseline(values.baseline);
  const tables = loadTables(Position.initial(variant).variant);
  for (let g = from; g < from + count; g++) {
    const opening = Math.floor(g / 2);
    const newAs = g % 2 === 0 ? 'white' : 'black';
    const rng = mulberry32(opening * 7919 + 11);
    let game = startProgress(Position.initial(variant));
    let bGame = base.rules.startProgress(base.rules.Position.initial(variant));
    const play = (m: Move): string | null => {
      const b = bGame.position.legalMoves().find((x) => key(x) === key(m));
      if (!b) return `the baseline's rules have no ${key(m)}`;
      game = advance(game, m);
      bGame = base.rules.advance(bGame, b);
      return null;
    };
    for (let i = 0; i < Number(values.plies) && !outcome(game); i++) {
      const legal = game.position.legalMoves();
      play(legal[(rng() >>> 0) % legal.length]);
    }
    const mine = new Engine(game.position.variant, 16);
    // As the server's worker plays it: with the variant's endgame tables when egdb/ has them.
    mine.useTables(tables);
    const theirs = new base.engine.Engine(bGame.position.variant, 16);
    const rec: GameRecord = {
      game: g,
      opening,
      newAs,
      result: 'draw',
      reason: 'cap',
      plies: 0,
      new: emptyStats(),
      base: emptyStats(),
    };
    let result = outcome(game);
    while (!result && rec.plies < CAP) {
      const isNew = game.position.turn === newAs;
      const ms = isNew ? MS : BASE_MS;
      const limits: SearchLimits = NODES !== undefined ? { nodes: NODES } : { movetime: ms };
      const t = performance.now();
      const r = isNew ? mine.search(game, limits) : theirs.search(bGame, limits);
      const took = performance.now() - t;
      const s = isNew ? rec.new : rec.base;
      s.moves++;
      s.depth += r.depth;
      s.nodes += r.nodes;
      s.ms += took;
      if (ms !== undefined && took > 1.05 * ms) s.over++;
      const legal = game.position.legalMoves();
      const move = r.bestMove && legal.find((x) => key(x) === key(r.bestMove!));
      if (!move) {
        rec.illegal = `${isNew ? 'new' : 'baseline'}: ${r.bestMove ? key(r.bestMove) : 'null'} at ${game.position.fen}`;
        // An illegal move loses the game (and the run exits 1).
        rec.result = isNew ? 'loss' : 'win';
        rec.reason = 'illegal';
        break;
      }
      const err = play(move);
      if (err) {
        rec.illegal = err;
        break;
      }
      rec.plies++;
      result = outcome(game);
    }
    if (result) {
      rec.reason = result.rule ? `${result.reason}:${result.rule}` : result.reason;
      rec.result = result.winner === null ? 'draw' : result.winner === newAs ? 'win' : 'loss';
    }
    emit(rec);
  }
}

if (values.worker) {
  await playGames(FROM, GAMES, (g) => console.log(`GAME ${JSON.stringify(g)}`));
} else {
  const jobs = Math.max(1, Math.min(Number(values.jobs), GAMES));
  const records: GameRecord[] = [];
  const tally: Tally = { wins: 0, draws: 0, losses: 0 };
  const out = values.out ?? `bench/results/versus-${variant}-${budget}.json`;
  const t0 = performance.now();
  const sum = (side: 'new' | 'base') => {
    const s = records.reduce((a, r) => {
      const x = r[side];
      return {
        moves: a.moves + x.moves,
        depth: a.depth + x.depth,
        nodes: a.nodes + x.nodes,
        ms: a.ms + x.ms,
        over: a.over + x.over,
      };
    }, emptyStats());
    return {
      meanDepth: s.moves ? s.depth / s.moves : 0,
      nps: s.ms ? (s.nodes * 1000) / s.ms : 0,
      msPerMove: s.moves ? s.ms / s.moves : 0,
      overShare: s.moves ? s.over / s.moves : 0,
    };
  };
  const save = () => {
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          variant,
          budget,
          tally,
          ...elo(tally),
          new: sum('new'),
          base: sum('base'),
          games: records,
        },
        null,
        1,
      ),
    );
  };
  // Games are split into contiguous pairs so that both colours of an opening land in one job.
  const pairs = Math.ceil(GAMES / 2);
  const per = Math.ceil(pairs / jobs);
  const script = fileURLToPath(import.meta.url);
  const passOn = process.argv.slice(2).filter((a, i, all) => {
    const opt = ['--games', '--from', '--jobs', '--out'];
    return !opt.includes(a) && !opt.includes(all[i - 1] ?? '');
  });
  const runs: Promise<void>[] = [];
  const children: ReturnType<typeof spawn>[] = [];
  const bounds = values.sprt?.split(',').map(Number);
  let verdict = '';
  // Stopping the run stops its games too (the children would play on unseen).
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      for (const c of children) c.kill();
      process.exit(130);
    });
  for (let j = 0; j < jobs; j++) {
    const from = FROM + 2 * per * j;
    const count = Math.min(2 * per, FROM + GAMES - from);
    if (count <= 0) continue;
    const child = spawn(
      process.execPath,
      [
        ...process.execArgv,
        script,
        ...passOn,
        '--worker',
        '--from',
        String(from),
        '--games',
        String(count),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('GAME ')) return;
      const g = JSON.parse(line.slice(5)) as GameRecord;
      records.push(g);
      tally[g.result === 'win' ? 'wins' : g.result === 'draw' ? 'draws' : 'losses']++;
      if (g.illegal) console.error(`game ${g.game}: illegal move: ${g.illegal}`);
      if (!values.quiet)
        console.log(
          `game ${g.game} (opening ${g.opening}, new as ${g.newAs}): ${g.result} by ${g.reason} in ${g.plies} plies; ${formatElo(tally)}`,
        );
      save();
      if (bounds && !verdict) {
        const t = sprt(tally, bounds[0], bounds[1]);
        if (t.verdict !== 'continue') {
          verdict = `SPRT [${bounds[0]}, ${bounds[1]}]: ${t.verdict} accepted, LLR ${t.llr.toFixed(2)} (bounds ${t.lower.toFixed(2)}, ${t.upper.toFixed(2)})`;
          for (const c of children) c.kill();
        }
      }
    });
    runs.push(
      new Promise((resolve, reject) =>
        child.on('exit', (code) =>
          code === 0 || verdict ? resolve() : reject(new Error(`job ${j} exited ${code}`)),
        ),
      ),
    );
  }
  await Promise.all(runs);
  records.sort((a, b) => a.game - b.game);
  save();
  const n = sum('new');
  const b = sum('base');
  const f = (s: ReturnType<typeof sum>) =>
    `depth ${s.meanDepth.toFixed(1)}, ${(s.nps / 1e6).toFixed(2)} M nodes/s, ${s.msPerMove.toFixed(0)} ms/move, ${(100 * s.overShare).toFixed(2)}% over 1.05x`;
  console.log(
    `${variant} at ${budget}: new vs baseline ${formatElo(tally)} (${records.length} games, ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  console.log(`  new:      ${f(n)}`);
  console.log(`  baseline: ${f(b)}`);
  if (bounds) {
    const t = sprt(tally, bounds[0], bounds[1]);
    console.log(verdict || `SPRT [${bounds[0]}, ${bounds[1]}]: undecided, LLR ${t.llr.toFixed(2)}`);
  }
  if (records.some((r) => r.illegal)) process.exit(1);
}
