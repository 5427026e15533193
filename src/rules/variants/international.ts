import { defineVariant, vsLoneKing } from './define.js';
import type { Variant } from './variant.js';

/** The international rules of play, which antidraughts, breakthrough and canadian keep. */
export const INTERNATIONAL_RULES = {
  size: 10,
  a1Dark: true,
  firstToMove: 'white',
  startRows: 4,
  menCaptureBackward: true,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: (f) => f.count,
  captureOrderMatters: false,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 50,
    endgames: [
      {
        name: '16-move',
        applies: vsLoneKing({ men: 0, kings: 3 }, { men: 1, kings: 2 }, { men: 2, kings: 1 }),
        plies: 32,
      },
      {
        name: '5-move',
        applies: vsLoneKing({ men: 0, kings: 2 }, { men: 1, kings: 1 }, { men: 0, kings: 1 }),
        plies: 10,
      },
    ],
    // FMJD Official rules of international draughts, art. 6.2 (third repetition), 6.3 (25 moves
    // of kings only, no capture), 6.4 (3 kings / 2 kings + man / king + 2 men vs king: 16 moves),
    // 6.5 (2 kings / king + man / king vs king: 5 moves).
    source: 'FMJD Official Rules of International Draughts, art. 6.2-6.5',
  },
} as const satisfies Partial<Variant> & { size: 10; a1Dark: true };

/** FMJD international draughts: 10x10, flying kings, men capture backwards, majority capture. */
export const international = defineVariant({
  ...INTERNATIONAL_RULES,
  id: 'international',
  name: 'International (10x10)',
  gameType: '20',
});
