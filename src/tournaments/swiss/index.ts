/**
 * Swiss pairing, FIDE Dutch system (C.04.3, 2025 text), as bbpPairings v6 pairs it. The server
 * calls pairDutch with its own tournament state; the TRF reader and writer serve the CLI and tests.
 */
export { pairDutch } from './dutch.js';
export { pairKeepingApart } from './keep-apart.js';
export { allocate, colourState, Strength } from './colours.js';
export { formatPairing, makeTrf, parsePairing, parseTrf } from './trf.js';
export type {
  Colour,
  Pair,
  PairingInput,
  PairingResult,
  RoundKind,
  RoundRecord,
  SwissPlayer,
} from './types.js';
