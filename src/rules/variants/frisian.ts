import { defineVariant } from './define.js';
import type { CaptureFacts, DrawRules, Variant } from './variant.js';

/*
 * Sources. The rules text: the Frisian draughts union's (Dambûn Frysk Spul, founded 1932)
 * "Official Rules for Frisian Draughts" (2011; sections A the structure of the game,
 * B simple move and shot, C the endgame, D the result of the game): art. 7 men capture in eight
 * directions, art. 8 crowning when a move ends on the king row, art. 9 the king (its simple
 * moves along diagonals only); a Frisian-language summary (spulrigels, Swingel 3, 2000) has the
 * king limit as its rule 7. The value of a king (more than one man, less than two: mindsports.nl)
 * and the king capturing at equal value (boardspace.net); ties and the endgame as lidraughts
 * implements them (modules/draughts/src/main/variant/Frisian.scala: captureValue with
 * Role.frisianValue, validMoves' king preference, updatePositionHashes' 7-move and 2-move rules).
 * Where the texts disagree: the official rules, as lidraughts quotes them, draw 1 king v 1 king
 * at once unless a king falls by force; lidraughts, which cannot tell those positions apart, allows 2 moves each instead,
 * and we follow lidraughts (a forced win is a capture at once or next move, which 2 moves each
 * still allow; an immediate draw would need that search at every draw check). Wikipedia values
 * a king at a man and a half; the rules pages above and lidraughts say under two men (1.99).
 */

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
