import { defineVariant } from './define.js';
import { FRISIAN_RULES } from './frisian.js';

/**
 * Frysk! (lidraughts): frisian rules from 5 men each on the back rows. Sources: lidraughts'
 * Frysk variant (initial FEN W:W46,47,48,49,50:B1,2,3,4,5, GameType 97), played at the Frisian
 * draughts world championships; the rules are frisian's (frisian.ts cites them).
 */
export const frysk = defineVariant({
  ...FRISIAN_RULES,
  id: 'frysk',
  name: 'Frysk!',
  startRows: 1,
  // lidraughts' GameType for Frysk! (not in PDN 3.0's list).
  gameType: '97',
});
