import { defineVariant } from './define.js';

/**
 * Thai draughts (mak-hos): 8x8, 8 men a side on the first two rows; men move and capture forward
 * only; kings fly but land on the square right behind the piece they take; taken pieces leave
 * the board as they are jumped, so a king's chain may turn back along its line; free choice
 * among captures (dctl's Thai rules: halt behind the piece, removal en passant, reversal).
 * Sources: the Thai rules text is Sukit Saengpradub's กติกาการเล่นหมากฮอส (the first written
 * makhos rules, 1980, for the Thai makhos club; his revised text is on the pa-orn.com board),
 * of which we read only the introduction; the Thai Ministry of Culture's database entry หมากฮอส
 * (m-culture.in.th) for the end (no pieces, no move, resignation, penalty); for the moves,
 * mindsports.nl's Thai page (the king lands right behind the piece it takes; no capture
 * precedence) and dctl. The Ministry's text has the event fix which colour moves first and the
 * players draw for colours; we start with white, as dctl and mindsports do.
 */
export const thai = defineVariant({
  id: 'thai',
  name: 'Thai',
  size: 8,
  a1Dark: true,
  firstToMove: 'white',
  startRows: 2,
  gameType: '31',
  menCaptureBackward: false,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: null,
  captureOrderMatters: false,
  kingLandsBehind: true,
  removeAtOnce: true,
  reverseInChain: true,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 0,
    endgames: [],
    // Thai counting rules for the endgame were not found in a text we could check: repetition
    // only (a draw by agreement remains).
    source: 'threefold repetition',
  },
});
