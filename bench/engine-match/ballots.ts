/**
 * The ACF 3-move ballot deck of English draughts: the 156 openings the American Checker
 * Federation draws for tournament play (its list of 174 numbered ballots without the 18 it bars
 * as lost). The list itself, with its sources, is src/explorer/openings/acf-ballots.ts (the
 * explorer names the same ballots); ACF numbers kept.
 */
import { ACF_BALLOTS } from '../../src/explorer/openings/acf-ballots.js';

export interface Ballot {
  /** The ACF ballot number. */
  readonly acf: number;
  /** Three plies in PDN, black first: "9-13 21-17 5-9". */
  readonly moves: readonly string[];
}

export const BALLOTS: readonly Ballot[] = ACF_BALLOTS.filter((b) => !b.barred).map((b) => ({
  acf: b.acf,
  moves: b.line.split(' '),
}));
