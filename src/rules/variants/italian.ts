import { defineVariant } from './define.js';

/**
 * Italian draughts (FID): a1 light, short kings, men capture forward only and never take kings.
 * Precedence: most pieces, then capturing with a king, then most kings, then kings met earliest.
 */
export const italian = defineVariant({
  id: 'italian',
  name: 'Italian',
  size: 8,
  a1Dark: false,
  firstToMove: 'white',
  startRows: 3,
  gameType: '22',
  menCaptureBackward: false,
  menCaptureKings: false,
  flyingKings: false,
  promoteMidCapture: false,
  captureScore: (f) =>
    f.count * 2 ** 24 + (f.byKing ? 2 ** 23 : 0) + f.kings * 2 ** 17 + f.earlyKings,
  captureOrderMatters: true,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 0,
    endgames: [],
    // Threefold repetition only: this variant's move-count draw rules were not confirmed from
    // an official text, so none is applied (a draw by agreement remains).
    source: 'FID Regolamento (repetition)',
  },
});
