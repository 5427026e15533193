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
    source: 'APCA rules',
  },
});
