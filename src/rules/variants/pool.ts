import { defineVariant } from './define.js';

/** American pool checkers (APCA): flying kings, men capture backwards, free capture choice. */
export const pool = defineVariant({
  id: 'pool',
  name: 'Pool checkers',
  size: 8,
  a1Dark: true,
  firstToMove: 'white',
  startRows: 3,
  gameType: '23',
  menCaptureBackward: true,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: null,
  captureOrderMatters: false,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 0,
    endgames: [],
    // Threefold repetition only: this variant's move-count draw rules were not confirmed from
    // an official text, so none is applied (a draw by agreement remains).
    source: 'APCA rules (repetition)',
  },
});
