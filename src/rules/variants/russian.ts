import { defineVariant } from './define.js';
import type { Material } from './variant.js';

const total = (a: Material, b: Material) => a.men + a.kings + b.men + b.kings;
const bothKings = (a: Material, b: Material) => a.kings > 0 && b.kings > 0;

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
    endgames: [
      // 3 kings or more against a lone king: 15 moves each to win.
      {
        name: '15-move',
        applies: (s, w) => s.men === 0 && s.kings >= 3 && w.men === 0 && w.kings === 1,
        plies: 30,
      },
      // Both sides with kings and the balance unchanged: 30 moves in 4-5 piece endings, 60 in 6-7.
      {
        name: '30-move',
        applies: (s, w) => bothKings(s, w) && [4, 5].includes(total(s, w)),
        plies: 60,
      },
      {
        name: '60-move',
        applies: (s, w) => bothKings(s, w) && [6, 7].includes(total(s, w)),
        plies: 120,
      },
    ],
    // FMJD rules of Russian draughts, 7.2.3-7.2.6 (repetition; 15 moves of kings only; 3 kings
    // vs 1 king in 15 moves; unchanged balance 30/60 moves), quoted on lidraughts.org's forum.
    source: 'FMJD Official rules of Russian draughts, art. 7.2',
  },
});
