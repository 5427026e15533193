import { defineVariant } from './define.js';
import type { CaptureFacts, DrawRules, Variant } from './variant.js';

/**
 * The capture of highest value is compulsory: a king is worth more than one man and less than
 * two (lidraughts counts it 1.99 men, so 2 kings < 4 men but > 3 men); at equal value a king must
 * capture rather than a man (lidraughts' Frisian.validMoves).
 */
export const frisianValue = (f: CaptureFacts): number =>
  ((f.count - f.kings) * 100 + f.kings * 199) * 2 + (f.byKing ? 1 : 0);

export const FRISIAN_DRAW: DrawRules = {
  repetitions: 3,
  kingOnlyPlies: 0,
  endgames: [
    // Two kings against one: drawn after 7 moves each.
    {
      name: '7-move',
      applies: (s, w) => s.men === 0 && s.kings === 2 && w.men === 0 && w.kings === 1,
      plies: 14,
    },
    // One king each: the rules draw at once unless a king falls by force; lidraughts allows 2
    // moves each to show it, and so do we.
    {
      name: '2-move',
      applies: (s, w) => s.men === 0 && s.kings === 1 && w.men === 0 && w.kings === 1,
      plies: 4,
    },
  ],
  source: 'Fryske Dambûn rules (spelregels), as lidraughts implements them (Frisian.scala)',
};

/** What frisian and frysk! share: lines as well as diagonals, the value rule, the king limit. */
export const FRISIAN_RULES = {
  size: 10,
  a1Dark: true,
  firstToMove: 'white',
  menCaptureBackward: true,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: frisianValue,
  captureOrderMatters: false,
  captureLines: 'both',
  kingMoveLimit: 3,
  draw: FRISIAN_DRAW,
} as const satisfies Partial<Variant> & { size: 10; a1Dark: true };

/**
 * Frisian draughts (Fryske Dambûn): 10x10, men and kings capture along diagonals AND along rows
 * and columns (a man's prey two squares away on its line, landing two beyond), kings fly; the
 * highest-value capture is compulsory; a king may move at most three times in a row without
 * capturing while its side has men.
 */
export const frisian = defineVariant({
  ...FRISIAN_RULES,
  id: 'frisian',
  name: 'Frisian',
  startRows: 4,
  gameType: '40',
});
