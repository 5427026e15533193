/** Puzzles (v1.18, issue 32): the puzzle record as served, rounds, votes, streak, storm, dashboard. */
import type { VariantId } from '../../rules/index.js';

/** Theme ids (i18n keys `puzzle.theme.<id>`), computed by the generator (src/puzzle-maker). */
export const PUZZLE_THEMES = [
  'short',
  'long',
  'veryLong',
  'sacrifice',
  'shot',
  'promotion',
  'kingCapture',
  'blocked',
  'breakthrough',
  'opening',
  'middlegame',
  'endgame',
] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

export const PUZZLE_SOURCES = ['selfplay', 'game', 'pdn', 'computer'] as const;
export type PuzzleSource = (typeof PUZZLE_SOURCES)[number];

export interface Puzzle {
  /** 6 characters [0-9A-Za-z]. */
  id: string;
  variant: VariantId;
  /** The position before the opponent's last move (moves[0]). */
  fen: string;
  /**
   * moves[0]: the opponent's last move, played in by the page; then the solver's moves at odd
   * indices and the opponent's replies at even ones; the line ends on a solver move. Each as
   * moveToText writes it in the position it is played from.
   */
  moves: string[];
  /** [index, moveText]: another move that also wins at that solver index (solved at once). */
  accepted: [number, string][];
  themes: PuzzleTheme[];
  /** Rounded Glicko-2 rating. */
  rating: number;
  /** Rated rounds played. */
  plays: number;
}

export interface PuzzleView {
  puzzle: Puzzle;
  /** The caller's puzzle rating in the variant (accounts only). */
  user?: { rating: number; provisional: boolean };
}

export interface DailyPuzzleView extends PuzzleView {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
}

export interface PuzzleRoundAnswer {
  /** The account's first attempt: its rating moved. Repeats and guests: false. */
  rated: boolean;
  /** The account's puzzle rating after the round (delta 0 when casual); guests null. */
  player: { rating: number; rd: number; delta: number } | null;
  puzzle: { rating: number; plays: number };
}

export interface PuzzleVoteAnswer {
  up: number;
  down: number;
  /** The puzzle was voted down hard: no longer served. */
  retired: boolean;
}

export interface StormStart {
  run: string;
  puzzles: PuzzleView[];
  seconds: number;
}

export interface StormEnd {
  score: number;
  /** The account's best score in the variant (a guest: this run's). */
  best: number;
}

export interface PuzzleThemeCount {
  solved: number;
  failed: number;
}

export interface PuzzleDashboardVariant {
  variant: VariantId;
  rating: number;
  provisional: boolean;
  solved: number;
  failed: number;
  themes: Partial<Record<PuzzleTheme, PuzzleThemeCount>>;
  /** Best storm score (ever). */
  stormBest: number | null;
}

export interface PuzzleDashboard {
  days: number;
  variants: PuzzleDashboardVariant[];
}
