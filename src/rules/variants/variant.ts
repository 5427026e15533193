import type { Geometry } from '../geometry.js';
import type { Color, VariantId } from '../types.js';

/**
 * What a capture sequence is worth under a variant's precedence rule. Only the sequences with
 * the highest score are legal; a variant with free choice scores everything 0.
 */
export interface CaptureFacts {
  /** Pieces captured. */
  readonly count: number;
  /** Kings among them. */
  readonly kings: number;
  /** The capturing piece is a king. */
  readonly byKing: boolean;
  /** Bit (15 - i) set when the i-th captured piece is a king: larger = kings met earlier. */
  readonly earlyKings: number;
}

/** A draw rule that ends the game on its own (the server applies them, nobody claims). */
export interface DrawRules {
  /** Same position, same side to move, for the n-th time. */
  readonly repetitions: number;
  /**
   * Plies in a row in which only kings moved and nothing was captured (0 = no such rule).
   * The same counter serves english's 40-move rule (no man moved, nothing captured).
   */
  readonly kingOnlyPlies: number;
  /** Material endings drawn after a number of plies; checked in order, first match wins. */
  readonly endgames: readonly EndgameRule[];
  /** Where these come from: the rulebook and article. */
  readonly source: string;
}

export interface EndgameRule {
  readonly name: string;
  /** Matches when the material, seen from either side, is listed here. */
  readonly applies: (strong: Material, weak: Material) => boolean;
  /** Plies (both sides together) after the ending arose. */
  readonly plies: number;
}

export interface Material {
  readonly men: number;
  readonly kings: number;
}

/** A variant is data plus a few strategy hooks; the move generator is shared by all. */
export interface Variant {
  readonly id: VariantId;
  readonly name: string;
  readonly geometry: Geometry;
  readonly firstToMove: Color;
  /** PDN FEN of the start position. */
  readonly initialFen: string;
  /** Rows of men per side at the start. */
  readonly startRows: number;
  /** PDN 3.0 GameType tag value. */
  readonly gameType: string;
  readonly menCaptureBackward: boolean;
  readonly menCaptureKings: boolean;
  readonly flyingKings: boolean;
  /** A man reaching the last row during a capture is crowned at once and goes on as a king. */
  readonly promoteMidCapture: boolean;
  /** Capture precedence; null = free choice among all captures. */
  readonly captureScore: ((f: CaptureFacts) => number) | null;
  /** Two captures with the same squares in a different order are different moves. */
  readonly captureOrderMatters: boolean;
  readonly draw: DrawRules;
  /** The lines pieces move along without capturing: diagonals, or rows and columns (turkish). */
  readonly movement: 'diagonal' | 'orthogonal';
  /** The lines captures go along: frisian captures along both. */
  readonly captureLines: 'diagonal' | 'orthogonal' | 'both';
  /** A capturing king lands on the square right behind its prey (thai), not anywhere beyond. */
  readonly kingLandsBehind: boolean;
  /** Captured pieces leave the board as they are jumped (thai, turkish), not after the move. */
  readonly removeAtOnce: boolean;
  /** A capture chain may turn back the way it came (thai): its prey is gone, the line is open. */
  readonly reverseInChain: boolean;
  /** Non-capturing moves in a row one king may make while its side has men (frisian: 3; 0 = no limit). */
  readonly kingMoveLimit: number;
  /** How a game is won: the usual way, by losing everything (antidraughts) or by crowning first. */
  readonly goal: 'usual' | 'lose' | 'crown';
}
