/**
 * What the server asks an engine worker, and what it answers: plain values, so they cross the
 * thread boundary by structured clone (the stop flag is shared memory).
 */
import type { EvalKind, PvLine, Score } from '../engine/index.js';
import type { DrawCounters, Move, VariantId } from '../rules/index.js';

export interface SearchTask {
  variant: VariantId;
  fen: string;
  /** A match's draw counters (repetitions, king-move and endgame counts)... */
  counters?: DrawCounters;
  /** ...or, for analysis, the FENs of the earlier positions, oldest first. */
  history?: string[];
  limits: { movetime?: number; depth?: number; nodes?: number; searchForced?: boolean };
  /**
   * Epoch ms by which the answer is due: time spent waiting in the queue comes off the
   * movetime, so a busy pool makes the computer answer faster and weaker, never late (nor lose
   * on time).
   */
  notAfter?: number;
  evalKind?: EvalKind;
  randomMargin?: number;
  /** Levels 1-3's oversights (SearchOptions.letGo). */
  letGo?: number;
  seed?: number;
  multiPv?: number;
}

/** The task as the worker gets it. */
export interface WorkerTask extends SearchTask {
  /** Int32 shared with the server: index 0 raised = stop now. */
  stop: SharedArrayBuffer;
  hashMb: number;
}

/** A multiPv line as it crosses the thread boundary (the engine's PvLine). */
export type SearchLine = PvLine;

export interface SearchReply {
  bestMove: Move | null;
  score: Score;
  depth: number;
  nodes: number;
  nps: number;
  ms: number;
  pv: Move[];
  lines?: SearchLine[];
}
