/**
 * `npm run bench` (rules part): perft leaf rates of Damas next to the peers, measured in the same
 * run, each engine in its own process. English: rapid-draughts; international: draughts.js.
 * Rates are leaves per second at the first depth that takes a second or more (see
 * docs/BENCHMARKS.md); "whole process" divides by the process's wall time instead.
 * Each engine runs --repeat times (default 3), alternating with its peer, and its best run
 * counts (leaf rate and whole-process rate each from its best run): a shared 2-core machine has bursts of other work, and one slow sample once turned
 * 190x into 93x (CI, 2026-11-23).
 * --check exits 1 when a target ratio is missed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Figures {
  engine: string;
  variant: string;
  depth: number;
  leaves: number;
  ms: number;
  wallMs: number;
}

const worker = fileURLToPath(new URL('./perft-worker.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));

function measure(engine: string, variant: string, minMs: number, maxDepth: number): Figures {
  const t0 = performance.now();
  const out = spawnSync(
    process.execPath,
    [tsx, worker, engine, variant, String(minMs), String(maxDepth)],
    {
      encoding: 'utf8',
    },
  );
  const wallMs = performance.now() - t0;
  if (out.status !== 0) throw new Error(`${engine} ${variant} failed: ${out.stderr}`);
  return { ...JSON.parse(out.stdout.trim().split('\n').pop() ?? '{}'), wallMs };
}

const mnps = (leaves: number, ms: number) => leaves / ms / 1000;
const fmt = (f: Figures) =>
  `${f.engine.padEnd(15)} ${f.variant.padEnd(14)} d${String(f.depth).padEnd(3)} ${String(f.leaves).padStart(11)} leaves ${f.ms.toFixed(0).padStart(7)} ms  ${mnps(f.leaves, f.ms).toFixed(3).padStart(9)} Mnps   whole process ${mnps(f.leaves, f.wallMs).toFixed(3).padStart(9)} Mnps`;

interface ServerReport {
  date: string;
  machine: string;
  ceiling: { best: number };
  w1: {
    result: { games: number; movesPerSecond: number; opponent: { p99: number }; errors: object };
  };
  w2: { share: number; result: { games: number; movesPerSecond: number } };
  w34: { perSocketRss: number; result: { sockets: number; pairedSeconds: number } };
}

const pairs = [
  { variant: 'english', peer: 'rapid-draughts', target: 5 },
  { variant: 'international', peer: 'draughts.js', target: 100 },
];

const repeatArg = process.argv.find((a) => a.startsWith('--repeat='));
const repeat = Math.max(1, Number(repeatArg?.slice('--repeat='.length) ?? 3) || 3);

/** The run with the best leaf rate; the whole-process figure from the run with the best wall rate. */
function best(runs: Figures[]): Figures {
  const rate = (f: Figures) => f.leaves / f.ms;
  const wall = (f: Figures) => f.leaves / f.wallMs;
  const top = runs.reduce((a, b) => (rate(b) > rate(a) ? b : a));
  const topWall = runs.reduce((a, b) => (wall(b) > wall(a) ? b : a));
  return { ...top, wallMs: (topWall.wallMs * top.leaves) / topWall.leaves };
}

let missed = false;
console.log(
  `Rules engine perft, ${new Date().toISOString()}, node ${process.version}, best of ${repeat} runs each`,
);
for (const { variant, peer, target } of pairs) {
  const oursRuns: Figures[] = [];
  const theirsRuns: Figures[] = [];
  for (let i = 0; i < repeat; i++) {
    oursRuns.push(measure('damas', variant, 1000, 14));
    theirsRuns.push(measure(peer, variant, 1000, 12));
  }
  const ours = best(oursRuns);
  const theirs = best(theirsRuns);
  console.log(fmt(ours));
  console.log(fmt(theirs));
  const ratio = mnps(ours.leaves, ours.ms) / mnps(theirs.leaves, theirs.ms);
  const wholeRatio = mnps(ours.leaves, ours.wallMs) / mnps(theirs.leaves, theirs.wallMs);
  const ok = ratio >= target && wholeRatio >= target;
  missed ||= !ok;
  console.log(
    `ratio ${variant}: damas / ${peer} = ${ratio.toFixed(1)}x (whole process ${wholeRatio.toFixed(1)}x), target ${target}x: ${ok ? 'met' : 'MISSED'}\n`,
  );
}

const { movegenFigures } = await import('./movegen-micro.js');
for (const variant of ['brazilian', 'english', 'international'] as const) {
  const f = movegenFigures(variant);
  console.log(
    `${variant.padEnd(14)} middle game: generate legal moves ${f.generateUs.toFixed(2)} us; validate a client move (parse FEN + generate + match) ${f.validateUs.toFixed(2)} us`,
  );
}

// The server's figures from the last `npm run bench:server` (it needs PostgreSQL and minutes).
const serverFile = new URL('./results/server.json', import.meta.url);
if (existsSync(serverFile)) {
  const r = JSON.parse(readFileSync(serverFile, 'utf8')) as ServerReport;
  const pct = Math.round(r.w2.share * 100);
  console.log(`\nServer under load (npm run bench:server, ${r.date}, ${r.machine}):`);
  console.log(
    `  1. ${r.w1.result.games} paced games: ${r.w1.result.movesPerSecond} moves/s, emit->opponent p99 ${r.w1.result.opponent.p99} ms, errors ${Object.keys(r.w1.result.errors).length}`,
  );
  console.log(
    `  2. ${r.w2.result.games} games flat out: ${r.w2.result.movesPerSecond} moves/s = ${pct}% of the pgbench ceiling (${r.ceiling.best} tps)`,
  );
  console.log(`  3. idle sockets: ${(r.w34.perSocketRss / 1024).toFixed(1)} KB server RSS each`);
  console.log(
    `  4. ${r.w34.result.sockets} joins at once: all paired in ${r.w34.result.pairedSeconds} s`,
  );
} else console.log('\n(no bench/results/server.json yet: npm run bench:server)');

if (process.argv.includes('--check') && missed) process.exit(1);
