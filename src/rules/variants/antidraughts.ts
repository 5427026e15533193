import { defineVariant } from './define.js';
import { INTERNATIONAL_RULES } from './international.js';

/**
 * Antidraughts (losing draughts, lidraughts): the international rules of play, but a side left
 * without pieces or without a move WINS.
 */
export const antidraughts = defineVariant({
  ...INTERNATIONAL_RULES,
  id: 'antidraughts',
  name: 'Antidraughts',
  // lidraughts' GameType (not in PDN 3.0's list).
  gameType: '98',
  goal: 'lose',
});
