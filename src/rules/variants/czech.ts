import { defineVariant } from './define.js';

/** Czech draughts: flying kings, men capture forward; a king must capture if one can. */
export const czech = defineVariant({
  id: 'czech',
  name: 'Czech',
  size: 8,
  a1Dark: true,
  firstToMove: 'white',
  startRows: 3,
  gameType: '29',
  menCaptureBackward: false,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: (f) => (f.byKing ? 1 : 0),
  captureOrderMatters: false,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 0,
    endgames: [],
    // Threefold repetition only: this variant's move-count draw rules were not confirmed from
    // an official text, so none is applied (a draw by agreement remains).
    source: 'CSDS pravidla (repetition)',
  },
});
