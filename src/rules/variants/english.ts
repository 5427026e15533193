import { defineVariant } from './define.js';

/** English draughts / American checkers (WCDF): Black first, short kings, men capture forward. */
export const english = defineVariant({
  id: 'english',
  name: 'English draughts (checkers)',
  size: 8,
  a1Dark: true,
  firstToMove: 'black',
  startRows: 3,
  gameType: '21',
  menCaptureBackward: false,
  menCaptureKings: true,
  flyingKings: false,
  promoteMidCapture: false,
  captureScore: null,
  captureOrderMatters: false,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 80,
    endgames: [],
    // WCDF rules: a draw when in 40 moves each no man has moved and nothing was captured (a claim
    // to the referee there; the server applies it itself), and on the third repetition.
    source: 'WCDF Rules of the Game of Checkers, 40-move rule and repetition',
  },
});
