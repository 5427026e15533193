import { defineVariant } from './define.js';

/** Russian draughts (shashki): free capture choice, a man crowned mid-capture goes on as a king. */
export const russian = defineVariant({
  id: 'russian',
  name: 'Russian',
  size: 8,
  a1Dark: true,
  firstToMove: 'white',
  startRows: 3,
  gameType: '25',
  menCaptureBackward: true,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: true,
  captureScore: null,
  captureOrderMatters: false,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 30,
    endgames: [],
    source: 'FShR Russian draughts rules',
  },
});
