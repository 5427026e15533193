/** Plain value types shared by the engine, the server and the client. */

export type Color = 'white' | 'black';

export const VARIANT_IDS = [
  'brazilian',
  'international',
  'russian',
  'english',
  'pool',
  'italian',
  'spanish',
  'czech',
  'frisian',
  'frysk',
  'antidraughts',
  'breakthrough',
  'canadian',
  'thai',
  'turkish',
] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

/** A legal move as the wire contract shows it: PDN square numbers. */
export interface Move {
  readonly from: number;
  readonly to: number;
  /** Every landing square, from first: [from, ..., to]. */
  readonly path: readonly number[];
  /** Captured squares, in capture order. */
  readonly captures: readonly number[];
  /** The moving man becomes a king with this move. */
  readonly promoted: boolean;
}

/** A move as a client may ask for it: from/to, or the full path. */
export interface MoveRequest {
  readonly from?: number;
  readonly to?: number;
  readonly path?: readonly number[];
}

export type ResultReason =
  | 'no-pieces'
  | 'no-moves'
  /** Breakthrough: the winner crowned a king first. */
  | 'crowned'
  /** Antidraughts: the winner has no piece or no move left. */
  | 'given-away'
  | 'resign'
  | 'timeout'
  | 'draw-agreed'
  | 'draw-rule'
  | 'abandoned'
  | 'aborted';

/** How a game ended (chessops calls it Outcome). */
export interface GameResult {
  readonly winner: Color | null;
  readonly reason: ResultReason;
  /** Which draw rule ended the game (reason "draw-rule" only), e.g. "threefold-repetition". */
  readonly rule?: string;
}

export const opponent = (c: Color): Color => (c === 'white' ? 'black' : 'white');
