/**
 * The analysis board's search, one depth at a time, for the engine in the page's worker
 * (engine.worker.ts): each depth's best lines are given before the next depth starts, so the page
 * sees the search deepen and may end it at any time. Each depth is a search of its own to that
 * depth; the engine's table keeps what the shallower ones found, so a depth costs about its own
 * iteration. No DOM, no network: the unit tests run it as the worker does.
 */
import type { AnalysisLine } from '../../../../src/common/protocol.js';
import { Engine } from '../../../../src/engine/index.js';
import { lineToText, Position, type VariantId } from '../../../../src/rules/index.js';

export interface DeepenAsk {
  variant: VariantId;
  fen: string;
  /** Earlier positions of the line (FENs, oldest first): repetitions are draws. */
  history: string[];
  /** How many lines (1-3). */
  multipv: number;
}

/** What a depth found. */
export interface DepthNews {
  depth: number;
  /** Nodes searched since the start, and per second since the start. */
  nodes: number;
  nps: number;
  lines: AnalysisLine[];
  /** Nothing deeper to find: a proven result, no legal move, or the deepest depth searched. */
  final: boolean;
}

/** The deepest depth searched (the engine's plies leave room for its extensions). */
export const MAX_DEPTH = 100;
/** The engine's table: large enough for minutes of search, small enough for a phone. */
const TABLE_MB = 32;

/** The position searched depth after depth until nothing deeper can be found (or maxDepth). */
export function* deepen(ask: DeepenAsk, maxDepth = MAX_DEPTH): Generator<DepthNews> {
  const parsed = Position.fromFen(ask.variant, ask.fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const pos = parsed.value;
  const engine = new Engine(pos.variant, TABLE_MB);
  const t0 = performance.now();
  let nodes = 0;
  for (let depth = 1; depth <= maxDepth; depth++) {
    const r = engine.search(
      pos,
      // A forced move is searched too: the board shows its score, not just the move.
      { depth, searchForced: true },
      { history: ask.history, multiPv: ask.multipv },
    );
    nodes += r.nodes;
    const ms = performance.now() - t0;
    const lines: AnalysisLine[] = (
      r.lines ?? (r.bestMove ? [{ move: r.bestMove, score: r.score, pv: r.pv }] : [])
    ).map((l) => ({ move: l.move, score: l.score, pv: lineToText(pos, l.pv) }));
    // A result proven within the depth searched (the engine stops there too), or short of the
    // depth asked for the same reason, or no move at all.
    const plies = 'cp' in r.score ? Infinity : 'win' in r.score ? r.score.win : r.score.loss;
    const final = r.bestMove === null || r.depth < depth || r.depth >= plies || depth === maxDepth;
    yield {
      depth: r.depth,
      nodes,
      nps: ms > 0 ? Math.round((nodes * 1000) / ms) : 0,
      lines,
      final,
    };
    if (final) return;
  }
}
