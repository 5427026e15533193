/**
 * The engine in a worker thread (piscina loads this file): one Engine per variant per thread,
 * kept between searches so its transposition table stays warm across a game's moves.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { loadTables } from './egdb-files.js';
import { Engine } from '../engine/index.js';
import { getVariant, Position, type VariantId } from '../rules/index.js';
import type { SearchReply, WorkerTask } from './engine-task.js';

const engines = new Map<VariantId, Engine>();
/** Even a late search gets this long: depth 1 at least, always a legal move. */
const MIN_MOVETIME = 5;

/**
 * This thread yields the CPU to the event loop and the database: on Linux a thread has its own
 * id and niceness (/proc/thread-self names it). Elsewhere the search runs at normal priority.
 */
function lowerPriority(nice: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    /* not Linux, or not permitted: normal priority */
  }
}
// The pool always passes config.engineNice (its default is config.ts's).
lowerPriority((workerData as { nice: number }).nice);

/** The task's movetime, less the time it waited for this thread when an answer is due. */
function movetime(task: WorkerTask): number | undefined {
  const { movetime } = task.limits;
  if (task.notAfter === undefined) return movetime;
  const left = Math.max(MIN_MOVETIME, task.notAfter - Date.now());
  return movetime === undefined ? left : Math.min(movetime, left);
}

export default function search(task: WorkerTask): SearchReply {
  const variant = getVariant(task.variant);
  let engine = engines.get(variant.id);
  if (!engine) {
    engine = new Engine(variant, task.hashMb);
    // Endgame databases when egdb/ has this variant's file (npm run engine:egdb); else none.
    engine.useTables(loadTables(variant));
    engines.set(variant.id, engine);
  }
  const parsed = Position.fromFen(variant, task.fen);
  // The server parsed it already; a bad FEN here is a bug, reported to the caller as an error.
  if (!parsed.ok) throw new Error(`bad FEN: ${parsed.error.message}`);
  const position = parsed.value;
  const input = task.counters ? { position, counters: task.counters } : position;
  const r = engine.search(
    input,
    { ...task.limits, movetime: movetime(task), stop: new Int32Array(task.stop) },
    {
      history: task.history,
      evalKind: task.evalKind,
      randomMargin: task.randomMargin,
      letGo: task.letGo,
      seed: task.seed,
      multiPv: task.multiPv,
    },
  );
  return {
    bestMove: r.bestMove,
    score: r.score,
    depth: r.depth,
    nodes: r.nodes,
    nps: r.nps,
    ms: r.ms,
    pv: r.pv,
    lines: r.lines,
  };
}
