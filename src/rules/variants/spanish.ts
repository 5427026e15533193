import { defineVariant } from './define.js';

/** Spanish draughts: a1 light, flying kings, men capture forward; most pieces, then most kings. */
export const spanish = defineVariant({
  id: 'spanish',
  name: 'Spanish',
  size: 8,
  a1Dark: false,
  firstToMove: 'white',
  startRows: 3,
  gameType: '24',
  menCaptureBackward: false,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: (f) => f.count * 64 + f.kings,
  captureOrderMatters: false,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 0,
    endgames: [],
    // Threefold repetition only: this variant's move-count draw rules were not confirmed from
    // an official text, so none is applied (a draw by agreement remains).
    source: 'FEDA reglamento (repetition)',
  },
});
