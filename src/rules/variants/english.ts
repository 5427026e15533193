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
    source: 'WCDF Rules of the Game, 1.32 (40-move rule)',
  },
});
