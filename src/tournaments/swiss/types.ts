/** Plain data the Dutch pairing works on: what the server knows of a Swiss event. */

export type Colour = 'white' | 'black';

/** How a past round went for one player. Points are in half-points (win 2, draw 1, loss 0). */
export type RoundKind =
  | 'game' // played over the board: gives a colour, counts as having met
  | 'forfeit' // opponent listed but the game was not played: no colour, may meet again
  | 'pab' // pairing-allocated bye (a win's points)
  | 'bye' // requested bye or absence (H 1/2, F full, Z zero)
  | 'none';

export interface RoundRecord {
  kind: RoundKind;
  /** Opponent's pairing number, for games and forfeits. */
  opponent?: number;
  /** Colour in a played game, or the colour listed for a forfeit (not used for preferences). */
  colour?: Colour;
  /** Points this round gave, in half-points. */
  points: number;
}

export interface SwissPlayer {
  /** Pairing number (starting rank), 1..n. */
  id: number;
  /** Score before this round, in half-points. */
  score: number;
  /** Rounds 1..r-1, in order. */
  history: RoundRecord[];
  /** True when the player is not to be paired this round (bye requested, absent, withdrawn). */
  absent: boolean;
}

export interface PairingInput {
  players: SwissPlayer[];
  /** The round being paired, 1-based. */
  round: number;
  totalRounds: number;
  /** The colour pairing number 1 gets in round 1. */
  initialColour: Colour;
  /**
   * Pairs (pairing numbers) that must not meet, as if they had already played (blocks). Not
   * part of FIDE's Dutch system: absent, the pairing is bbpPairings' exactly.
   */
  forbidden?: readonly (readonly [number, number])[];
}

export interface Pair {
  white: number;
  black: number;
}

export type PairingResult =
  { ok: true; pairs: Pair[]; bye: number | null } | { ok: false; reason: string };
