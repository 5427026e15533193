import { defineVariant } from './define.js';
import { FRISIAN_RULES } from './frisian.js';

/** Frysk! (lidraughts): frisian rules from 5 men each on the back rows. */
export const frysk = defineVariant({
  ...FRISIAN_RULES,
  id: 'frysk',
  name: 'Frysk!',
  startRows: 1,
  // lidraughts' GameType for Frysk! (not in PDN 3.0's list).
  gameType: '97',
});
