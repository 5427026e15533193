/** The engine's answers: a position searched (POST /api/engine/analyse) and a game analysed (v1.8). */
import type { Move, VariantId } from '../../rules/index.js';

/** POST /api/engine/analyse: a position (and the game's earlier positions) to search. */
export interface AnalyseRequest {
  variant: VariantId;
  fen: string;
  /** FENs of the earlier positions, oldest first (repetitions). */
  history?: string[];
  /** Milliseconds (default 1000, at most 10000). */
  movetime?: number;
  depth?: number;
  /** Lines wanted, 1-5 (default 1). */
  multipv?: number;
}

/** The score of the side to move: centi-men, or a forced win / loss in so many plies. */
export type EngineScore = { cp: number } | { win: number } | { loss: number };

export interface AnalysisLine {
  move: Move;
  score: EngineScore;
  /** PDN moves, the line's first move first. */
  pv: string[];
}

/** POST /api/engine/analyse's answer: one position's analysis (a game's is GameAnalysis). */
export interface PositionAnalysis {
  /** Null only when the side to move has no legal move (it has lost). */
  bestMove: Move | null;
  score: EngineScore;
  depth: number;
  nodes: number;
  nps: number;
  pv: string[];
  /** With multipv > 1: the best lines, best first, distinct first moves. */
  lines?: AnalysisLine[];
}

/** A score from White's point of view: centi-men, or mate in plies (+: White wins). */
export type WhiteEval = { cp: number } | { mate: number };

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/** One position of an analysed game: position 0 is the start, position n follows ply n. */
export interface AnalysedPosition {
  ply: number;
  fen: string;
  /** The engine's verdict (null: the game was over here, no search). */
  eval: WhiteEval | null;
  /** White's winning chances, -1 (Black wins) to 1 (White wins). */
  chance: number;
  /** The engine's best move from here, in PDN (null: none to play). */
  best: string | null;
  /** Its line from here, PDN moves. */
  pv: string[];
  depth: number;
  nodes: number;
  /** The move played from here (none after the last). */
  move?: string;
  /** For the move played: the drop in its mover's winning chances, and its mark if any. */
  loss?: number;
  judgement?: Judgement | null;
}

/** Per side: the marks and the average drop in winning chances per move (lower is better). */
export interface AnalysisSummary {
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  averageLoss: number;
}

/** GET /api/matches/:id/analysis. */
export interface GameAnalysis {
  matchId: string;
  variant: VariantId;
  status: 'running' | 'done' | 'failed';
  /** Positions searched so far, of `total`. */
  progress: { done: number; total: number };
  /** Each position's fixed search budget. */
  budget: { nodes: number };
  /** The positions done so far, in order (all of them once done). */
  positions: AnalysedPosition[];
  /** Once done. */
  summary?: { white: AnalysisSummary; black: AnalysisSummary };
  createdAt: string;
  finishedAt: string | null;
}
