import { defineVariant } from './define.js';
import { INTERNATIONAL_RULES } from './international.js';

/**
 * Antidraughts (losing draughts, lidraughts): the international rules of play, but a side left
 * without pieces or without a move WINS. Sources: the FMJD Official Rules of International
 * Draughts for moves, captures and draws (INTERNATIONAL_RULES, art. 6.2-6.5); the reversed goal
 * as lidraughts' Antidraughts variant states it (no federation rulebook exists for it).
 */
export const antidraughts = defineVariant({
  ...INTERNATIONAL_RULES,
  id: 'antidraughts',
  name: 'Antidraughts',
  // lidraughts' GameType (not in PDN 3.0's list).
  gameType: '98',
  goal: 'lose',
});
