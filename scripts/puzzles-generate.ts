/**
 * `npm run puzzles:generate -- --variant V|all|a,b [--count N]
 * [--source selfplay|games|computer|pdn] [--pdn FILE] [--nodes N | --ms M] [--jobs J] [--seed S]
 * [--cpu SECONDS] [--out FILE]`
 *
 * Makes puzzles (docs/PUZZLES.md) and merges them into `--out` (default
 * assets/puzzles/<variant>.ndjson.gz; `{variant}` in --out is replaced), deduplicated by id and
 * by start position, sorted by id, rewritten every 30 s so a run stopped early keeps its work.
 * Prints per variant: games, candidates, kept, rejections by reason, CPU seconds per kept puzzle.
 * --source games reads finished games with a stored analysis from DATABASE_URL (their stored
 * evaluations are the trigger's scores); --source computer reads the finished games against the
 * computer that have none, scored by the trigger's search as a PDN file's are. --jobs J runs J
 * child processes (self-play seeds split between them). Budgets are node counts so that a seed
 * gives the same puzzles anywhere; --ms M is read as M * 200 nodes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/engine/index.js';
import { readRecords, writeRecords } from './puzzle-files.js';
import {
  emptyStats,
  Miner,
  minePdn,
  replayPaths,
  negate,
  selfPlayGame,
  dedupeKeys,
  defaultBudgets,
  type MinerStats,
  type PuzzleRecord,
  type PuzzleSource,
  type ReplayedGame,
} from '../src/puzzle-maker/index.js';
import {
  getVariant,
  isVariantId,
  parseMoveText,
  Position,
  VARIANT_IDS,
  type Move,
  type VariantId,
} from '../src/rules/index.js';
import type { Score } from '../src/engine/index.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'russian' },
    count: { type: 'string', default: '100' },
    source: { type: 'string', default: 'selfplay' },
    pdn: { type: 'string' },
    nodes: { type: 'string' },
    ms: { type: 'string' },
    'trigger-nodes': { type: 'string' },
    jobs: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    cpu: { type: 'string' },
    out: { type: 'string' },
    worker: { type: 'boolean', default: false },
    job: { type: 'string', default: '0' },
  },
  strict: true,
});

const COUNT = Number(values.count);
const JOBS = Math.max(1, Number(values.jobs));
const SEED = Number(values.seed);
const CPU_CAP = values.cpu !== undefined ? Number(values.cpu) : Infinity;
const source = values.source as 'selfplay' | 'games' | 'computer' | 'pdn';
if (!['selfplay', 'games', 'computer', 'pdn'].includes(source))
  throw new Error(`--source ${source}?`);

/** The budgets: --nodes (or --ms M as M * 200 nodes), --trigger-nodes, else the defaults. */
function budgets(variant: VariantId): { nodes: number; triggerNodes: number } {
  const d = defaultBudgets(getVariant(variant));
  const nodes =
    values.nodes !== undefined
      ? Number(values.nodes)
      : values.ms !== undefined
        ? Number(values.ms) * 200
        : d.nodes;
  const trigger = values['trigger-nodes'];
  return { nodes, triggerNodes: trigger !== undefined ? Number(trigger) : d.triggerNodes };
}

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

type ToParent =
  { type: 'record'; record: PuzzleRecord } | { type: 'stats'; stats: MinerStats; cpu: number };

/** A child: self-play seeds job, job + J, ... until killed or out of CPU. */
function worker(): void {
  const variant = values.variant as VariantId;
  const v = getVariant(variant);
  const miner = new Miner(v, { ...budgets(variant), source: 'selfplay' });
  // The dedupe keys of the output file's puzzles (a file: the list outgrows an environment variable).
  const seenFile = process.env.PUZZLE_SEEN_FILE;
  const known = seenFile ? (JSON.parse(readFileSync(seenFile, 'utf8')) as string[]) : [];
  for (const fen of known) miner.seen.add(fen);
  const weak = new Engine(v, 4);
  const send = (m: ToParent): void => void process.send?.(m);
  const t0 = cpuSeconds();
  for (let seed = SEED + Number(values.job); cpuSeconds() - t0 < CPU_CAP; seed += JOBS) {
    // Stats go before each record: the parent may stop this process as soon as it has enough.
    for (const record of selfPlayGame(miner, weak, seed)) {
      send({ type: 'stats', stats: miner.stats, cpu: cpuSeconds() - t0 });
      send({ type: 'record', record });
    }
    send({ type: 'stats', stats: miner.stats, cpu: cpuSeconds() - t0 });
  }
  process.exit(0);
}

function outFile(variant: VariantId): string {
  const out = values.out ?? 'assets/puzzles/{variant}.ndjson.gz';
  return out.replace('{variant}', variant);
}

/** The output of one variant: what was there, plus what this run adds (by id and start). */
class Store {
  readonly byId = new Map<string, PuzzleRecord>();
  /** dedupeKeys of every record held. */
  readonly keys = new Set<string>();
  added = 0;
  private written = Date.now();
  constructor(
    readonly variant: VariantId,
    readonly file: string,
  ) {
    for (const r of readRecords(file)) this.add(r, false);
  }
  add(r: PuzzleRecord, fresh = true): boolean {
    const keys = dedupeKeys(getVariant(this.variant), r);
    if (this.byId.has(r.id) || keys.some((k) => this.keys.has(k))) return false;
    this.byId.set(r.id, r);
    for (const k of keys) this.keys.add(k);
    if (fresh) this.added++;
    if (fresh && Date.now() - this.written > 30_000) this.flush();
    return true;
  }
  flush(): void {
    writeRecords(this.file, this.byId.values());
    this.written = Date.now();
  }
}

interface Tally {
  stats: MinerStats;
  cpu: number;
}

function addStats(a: MinerStats, b: MinerStats): MinerStats {
  const out = emptyStats();
  for (const k of ['games', 'plies', 'explored', 'candidates', 'kept'] as const)
    out[k] = a[k] + b[k];
  for (const k of Object.keys(out.rejected) as (keyof MinerStats['rejected'])[])
    out.rejected[k] = a.rejected[k] + b.rejected[k];
  return out;
}

/** Self-play in J children until the store has `COUNT` new puzzles (or the CPU cap). */
function selfplay(variant: VariantId, store: Store): Promise<Tally> {
  return new Promise((resolve) => {
    const self = fileURLToPath(import.meta.url);
    const per = new Map<number, { stats: MinerStats; cpu: number }>();
    const children: ChildProcess[] = [];
    let live = JOBS;
    const finish = (): void => {
      let stats = emptyStats();
      let cpu = 0;
      for (const t of per.values()) {
        stats = addStats(stats, t.stats);
        cpu += t.cpu;
      }
      resolve({ stats, cpu });
    };
    const seenFile = join(tmpdir(), `puzzles-seen-${process.pid}-${variant}.json`);
    writeFileSync(seenFile, JSON.stringify([...store.keys]));
    for (let j = 0; j < JOBS; j++) {
      const child = fork(
        self,
        [...process.argv.slice(2), '--worker', '--job', String(j), '--variant', variant],
        {
          env: { ...process.env, PUZZLE_SEEN_FILE: seenFile },
        },
      );
      children.push(child);
      child.on('message', (m: ToParent) => {
        if (m.type === 'record') {
          store.add(m.record);
          if (store.added >= COUNT) for (const c of children) c.kill();
        } else per.set(j, { stats: m.stats, cpu: m.cpu });
      });
      child.on('exit', () => {
        if (--live > 0) return;
        rmSync(seenFile, { force: true });
        finish();
      });
    }
  });
}

/**
 * Games from a PDN file, finished games with stored analysis, or finished games against the
 * computer without one; mined in this process.
 */
async function fromGames(variant: VariantId, store: Store): Promise<Tally> {
  const t0 = cpuSeconds();
  const puzzleSource: PuzzleSource =
    source === 'pdn' ? 'pdn' : source === 'computer' ? 'computer' : 'game';
  const miner = new Miner(getVariant(variant), { ...budgets(variant), source: puzzleSource });
  for (const k of store.keys) miner.seen.add(k);
  if (source === 'pdn') {
    if (!values.pdn) throw new Error('--source pdn needs --pdn FILE');
    for (const r of minePdn(miner, readFileSync(values.pdn, 'utf8')))
      if (store.add(r) && store.added >= COUNT) break;
  } else if (source === 'computer') {
    for (const g of await computerGames(variant)) {
      if (store.added >= COUNT) break;
      for (const r of miner.mineGame(g.positions, g.moves)) store.add(r);
    }
  } else {
    for (const game of await analysedGames(variant)) {
      if (store.added >= COUNT) break;
      miner.stats.games++;
      for (let i = 0; i + 1 < game.length; i++) {
        const { pos, move, score } = game[i];
        miner.stats.plies++;
        const r = miner.consider(pos, move, score, game[i + 1].score);
        if (r && store.add(r) && store.added >= COUNT) break;
      }
    }
  }
  return { stats: miner.stats, cpu: cpuSeconds() - t0 };
}

interface Ply {
  pos: Position;
  move: Move;
  /** The stored evaluation from the side to move's view. */
  score: Score;
}

/** One query on DATABASE_URL (--source games and computer). */
async function query<R extends object>(sql: string, params: unknown[]): Promise<R[]> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`--source ${source} reads DATABASE_URL`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Finished games against the computer with no finished analysis (those with one are --source
 * games'), replayed from their stored moves; a game whose moves do not replay is cut there.
 */
async function computerGames(variant: VariantId): Promise<ReplayedGame[]> {
  const rows = await query<{ initial_fen: string; paths: number[][] | null }>(
    `SELECT m.initial_fen,
            (SELECT json_agg(mv.path ORDER BY mv.ply) FROM moves mv WHERE mv.match_id = m.id) AS paths
       FROM matches m
      WHERE m.status = 'finished' AND m.variant = $1 AND m.computer_color IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM game_analyses a WHERE a.match_id = m.id AND a.status = 'done')
      ORDER BY m.id`,
    [variant],
  );
  return rows.flatMap((row) => replayPaths(variant, row.initial_fen, row.paths ?? []) ?? []);
}

/** Finished games with a finished analysis: each ply's position, move and stored score. */
async function analysedGames(variant: VariantId): Promise<Ply[][]> {
  const rows = await query<{
    positions: { fen: string; move?: string; eval: { cp: number } | { mate: number } | null }[];
  }>(
    `SELECT a.positions FROM game_analyses a JOIN matches m ON m.id = a.match_id
        WHERE a.status = 'done' AND m.variant = $1 ORDER BY m.id`,
    [variant],
  );
  const games: Ply[][] = [];
  for (const { positions } of rows) {
    const plies: Ply[] = [];
    for (const p of positions) {
      const pos = Position.fromFen(variant, p.fen);
      if (!pos.ok || p.eval === null) break;
      const white: Score =
        'cp' in p.eval
          ? { cp: p.eval.cp }
          : p.eval.mate > 0
            ? { win: p.eval.mate }
            : { loss: -p.eval.mate };
      const score = pos.value.turn === 'white' ? white : negate(white);
      const move = p.move !== undefined ? parseMoveText(pos.value, p.move) : null;
      // The last position has no move: its score still judges the move before it.
      plies.push({
        pos: pos.value,
        move: move?.ok ? move.value : pos.value.legalMoves()[0],
        score,
      });
      if (!move?.ok) break;
    }
    games.push(plies);
  }
  return games;
}

function report(variant: VariantId, t: Tally, store: Store): void {
  const s = t.stats;
  const perKept = s.kept > 0 ? (t.cpu / s.kept).toFixed(2) : '-';
  const perHour = t.cpu > 0 ? Math.round((s.kept * 3600) / t.cpu) : 0;
  const rej = Object.entries(s.rejected)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(
    `${variant}: games ${s.games}, plies ${s.plies}, explored ${s.explored}, candidates ${s.candidates}, ` +
      `kept ${s.kept} (new in file ${store.added}, file ${store.byId.size}), rejected: ${rej || 'none'}; ` +
      `CPU ${t.cpu.toFixed(1)} s, ${perKept} s per kept, ${perHour} per CPU hour`,
  );
}

async function main(): Promise<void> {
  const names = values.variant === 'all' ? [...VARIANT_IDS] : values.variant.split(',');
  for (const name of names) {
    if (!isVariantId(name)) throw new Error(`unknown variant ${name}`);
    const store = new Store(name, outFile(name));
    const tally =
      source === 'selfplay' ? await selfplay(name, store) : await fromGames(name, store);
    store.flush();
    report(name, tally, store);
  }
}

if (values.worker) worker();
else await main();
